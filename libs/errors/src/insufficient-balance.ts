import { AppError } from './app-error';

/**
 * 402 insufficient_decisions in both shapes: `required` and `balance` (shape A) and
 * shape B's `credits_required` / `credits_remaining`. One wording wherever a balance is short.
 */
export function insufficientBalance(asset: 'decisions' | 'lead_credits', required: number, balance: number): AppError {
  const message =
    asset === 'decisions'
      ? `This costs ${required} decision${required === 1 ? '' : 's'}; the workspace has ${balance}. Buy a decision pack to continue.`
      : `This costs ${required} lead credit${required === 1 ? '' : 's'}; the workspace has ${balance}.`;
  return new AppError('insufficient_decisions', message, {
    required,
    balance,
    details: { credits_required: required, credits_remaining: balance },
  });
}
