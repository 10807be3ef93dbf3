import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from '@app/contracts';
import type {
  WebhookCreatedResponse,
  WebhookDeliveriesPage,
  WebhookDeliveryResponse,
  WebhookDeliveryStatus,
  WebhookEventType,
  WebhookResponse,
  WebhooksResponse,
} from '@app/contracts';
import { PageDto } from '../http/page.dto';

export class CreateWebhookDto {
  @ApiProperty({
    maxLength: 2000,
    description: 'https, to a public address (http to localhost outside production)',
    example: 'https://crm.example.com/hooks/property-platform',
  })
  @IsString()
  @MaxLength(2000)
  url: string;

  @ApiProperty({ type: [String], enum: WEBHOOK_EVENT_TYPES, minItems: 1 })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length)
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true })
  events: WebhookEventType[];

  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  description?: string;
}

export class WebhookDto implements WebhookResponse {
  @ApiProperty({ enum: ['webhook'] })
  object: 'webhook';

  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  url: string;

  @ApiProperty({ type: [String], enum: WEBHOOK_EVENT_TYPES })
  events: WebhookEventType[];

  @ApiProperty({ type: String, nullable: true })
  description: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class WebhookCreatedDto extends WebhookDto implements WebhookCreatedResponse {
  @ApiProperty({ description: 'The signing secret (`whsec_…`, Standard Webhooks): shown in this answer only' })
  secret: string;
}

export class WebhooksDto implements WebhooksResponse {
  @ApiProperty({ enum: ['list'] })
  object: 'list';

  @ApiProperty({ type: [WebhookDto] })
  data: WebhookDto[];
}

export class WebhookDeliveryDto implements WebhookDeliveryResponse {
  @ApiProperty({ enum: ['webhook_delivery'] })
  object: 'webhook_delivery';

  @ApiProperty({ format: 'uuid', description: 'The `webhook-id` header: the same on every retry and replay' })
  id: string;

  @ApiProperty({ format: 'uuid' })
  event_id: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES })
  event_type: WebhookEventType;

  @ApiProperty({ enum: WEBHOOK_DELIVERY_STATUSES, description: '`failed`: retried for 24 hours without a 2xx' })
  status: WebhookDeliveryStatus;

  @ApiProperty()
  attempts: number;

  @ApiProperty({ type: Number, nullable: true })
  last_status_code: number | null;

  @ApiProperty({ type: String, nullable: true })
  last_error: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  next_attempt_at: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  delivered_at: string | null;
}

export class WebhookDeliveriesDto extends PageDto(WebhookDeliveryDto) implements WebhookDeliveriesPage {}
