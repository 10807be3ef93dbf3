import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsInt, Max, Min } from 'class-validator';
import { BILLING_ASSETS, DECISION_PACK_SIZES, LEAD_CREDITS_PURCHASE_MAX, LEDGER_REASONS } from '@app/contracts';
import { PageQueryDto } from '../http/page-query.dto';
import type { BalanceResponse, BillingAsset, DecisionPackSize, LeadCreditsPurchaseResponse } from '@app/contracts';
import { PageDto } from '../http/page.dto';

export class PurchaseDecisionPackDto {
  @ApiProperty({ enum: DECISION_PACK_SIZES })
  @IsIn(DECISION_PACK_SIZES)
  size: DecisionPackSize;
}

/** `GET /v1/workspace/ledger` paging. */
export class LedgerQueryDto extends PageQueryDto {}

export class LowBalanceThresholdDto {
  @ApiProperty({ enum: BILLING_ASSETS })
  @IsIn(BILLING_ASSETS)
  asset: BillingAsset;

  @ApiProperty({ minimum: 0, description: '0: never warn' })
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  threshold: number;
}

export class LowBalanceThresholdsDto {
  @ApiProperty()
  decisions: number;

  @ApiProperty()
  lead_credits: number;
}

export class BalanceDto {
  @ApiProperty({ enum: ['balance'] })
  object: 'balance';

  @ApiProperty()
  decisions: number;

  @ApiProperty()
  lead_credits: number;

  @ApiProperty({
    type: LowBalanceThresholdsDto,
    description: 'Crossing below a threshold emits billing.balance.low.v1 once per crossing',
  })
  low_balance_threshold: LowBalanceThresholdsDto;
}

export class DecisionPackDto {
  @ApiProperty({ enum: ['decision_pack'] })
  object: 'decision_pack';

  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: DECISION_PACK_SIZES })
  size: DecisionPackSize;

  @ApiProperty({ format: 'date-time' })
  purchased_at: string;

  @ApiProperty({ format: 'date-time', description: 'purchased_at + 24 hours' })
  refundable_until: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  refunded_at: string | null;

  @ApiProperty({ type: 'integer', nullable: true, description: 'Decisions taken back by the refund (the unused part)' })
  refunded_decisions: number | null;

  @ApiProperty({ description: 'Decision balance after this purchase or refund' })
  balance: number;
}

export class LedgerEntryDto {
  @ApiProperty({ enum: ['ledger_entry'] })
  object: 'ledger_entry';

  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: BILLING_ASSETS })
  asset: BillingAsset;

  @ApiProperty({ description: 'Signed: credits positive, debits negative' })
  amount: number;

  @ApiProperty({ enum: LEDGER_REASONS })
  reason: string;

  @ApiProperty({ type: String, nullable: true })
  reference: string | null;

  @ApiProperty()
  balance_after: number;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class LedgerPageDto extends PageDto(LedgerEntryDto) {}

export function toBalanceDto(balance: BalanceResponse): BalanceDto {
  return {
    object: 'balance',
    decisions: balance.decisions,
    lead_credits: balance.lead_credits,
    low_balance_threshold: balance.low_balance_threshold,
  };
}

export class PurchaseLeadCreditsDto {
  @ApiProperty({ minimum: 1, maximum: LEAD_CREDITS_PURCHASE_MAX })
  @IsInt()
  @Min(1)
  @Max(LEAD_CREDITS_PURCHASE_MAX)
  quantity: number;
}

export class LeadCreditsPurchaseDto implements LeadCreditsPurchaseResponse {
  @ApiProperty({ enum: ['lead_credit_purchase'] })
  object: 'lead_credit_purchase';

  @ApiProperty({ format: 'uuid', description: 'The ledger entry that credited them' })
  id: string;

  @ApiProperty()
  quantity: number;

  @ApiProperty({ format: 'date-time' })
  purchased_at: string;

  @ApiProperty({ description: 'Lead credits after the purchase' })
  balance: number;
}
