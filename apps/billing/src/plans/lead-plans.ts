/** `starter:20,pro:100` → { starter: 20, pro: 100 }; the default plan must be one of them. */
export function parsePlans(spec: string, defaultPlan: string): Record<string, number> {
  const plans: Record<string, number> = {};
  for (const pair of spec.split(',')) {
    const [name, credits] = pair.split(':');
    plans[name] = Number(credits);
  }
  if (!(defaultPlan in plans)) {
    throw new Error(
      `DEFAULT_LEAD_PLAN "${defaultPlan}" is not in LEAD_CREDIT_PLANS (${Object.keys(plans).join(', ')})`,
    );
  }
  return plans;
}

/** Lead credits are granted per calendar month, UTC: `2026-03`. */
export function periodOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** One grant per workspace and period: the ledger's unique key makes the scheduler idempotent. */
export function planGrantKey(period: string): string {
  return `plan:${period}`;
}
