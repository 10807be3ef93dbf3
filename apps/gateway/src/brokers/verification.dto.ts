import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { VERIFICATION_KINDS, VERIFICATION_STATUSES } from '@app/contracts';
import type {
  PropertyItem,
  VerificationKind,
  VerificationQueueItem,
  VerificationResponse,
  VerificationStatus,
} from '@app/contracts';
import { PropertyItemDto } from '../properties/property.dto';

export class SubmitVerificationDto {
  @ApiProperty({
    enum: VERIFICATION_KINDS,
    description: '`fal_licence`: REGA FAL broker licence; `commercial_register`: a company register; `rera_orn`: Dubai',
  })
  @IsIn(VERIFICATION_KINDS)
  kind: VerificationKind;

  @ApiProperty({ pattern: '^[A-Za-z0-9-]{4,20}$', example: '1200012345' })
  @Matches(/^[A-Za-z0-9-]{4,20}$/, { message: 'number must be 4 to 20 letters or digits' })
  number: string;
}

export class RejectVerificationDto {
  @ApiProperty({ maxLength: 1000, description: 'Shown to the workspace' })
  @IsString()
  @MaxLength(1000)
  reason: string;
}

export class ApproveVerificationDto {
  @ApiProperty({ required: false, maxLength: 1000 })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  note?: string;
}

export class VerificationDto implements VerificationResponse {
  @ApiProperty({ enum: ['verification'] })
  object: 'verification';

  @ApiProperty({ enum: VERIFICATION_STATUSES, description: 'unverified → pending → approved | rejected (resubmit)' })
  status: VerificationStatus;

  @ApiProperty({ enum: VERIFICATION_KINDS, nullable: true })
  kind: VerificationKind | null;

  @ApiProperty({ type: String, nullable: true })
  number: string | null;

  @ApiProperty({ description: 'A document image is on file' })
  document: boolean;

  @ApiProperty({ type: String, nullable: true, description: 'rejected: why' })
  reason: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  submitted_at: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  reviewed_at: string | null;
}

export class WorkspaceVerificationDto extends VerificationDto {
  @ApiProperty({ description: 'Your public page: /v1/brokers/{slug}' })
  broker_slug: string;
}

export class VerificationQueueItemDto extends VerificationDto implements Omit<VerificationQueueItem, 'document_key'> {
  @ApiProperty({ format: 'uuid' })
  workspace_id: string;

  @ApiProperty()
  workspace_name: string;
}

export class VerificationQueueDto {
  @ApiProperty({ enum: ['list'] })
  object: 'list';

  @ApiProperty({ type: [VerificationQueueItemDto], description: 'Pending submissions, oldest first' })
  data: VerificationQueueItemDto[];
}

export class BrokerPageDto {
  @ApiProperty({ enum: ['broker'] })
  object: 'broker';

  @ApiProperty()
  slug: string;

  @ApiProperty({ description: 'The workspace name, as the broker wrote it (Arabic or English)' })
  name: string;

  @ApiProperty({ enum: ['individual', 'company'], nullable: true })
  broker_kind: 'individual' | 'company' | null;

  @ApiProperty({ description: 'The verified badge: the licence or register was approved by a moderator' })
  verified: boolean;

  @ApiProperty({ description: 'Published listings in all' })
  listing_count: number;

  @ApiProperty({ type: [PropertyItemDto], description: 'The newest published listings (at most 20)' })
  properties: PropertyItem[];
}
