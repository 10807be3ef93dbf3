import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Length } from 'class-validator';
import type { ApiKey } from './api-key.entity';

export class CreateApiKeyDto {
  @ApiProperty({ description: 'A name to tell keys apart, 1–100 characters.', example: 'CRM sync — مزامنة' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsNotEmpty()
  @IsString()
  @Length(1, 100)
  label: string;
}

/** A key as listings show it: never its secret or hash. */
export class ApiKeyDto {
  @ApiProperty({ enum: ['api_key'] })
  object: 'api_key';

  @ApiProperty({ format: 'uuid', example: '3f0d7c1e-9a51-4f55-9a4e-2b1f0c2d8e71' })
  id: string;

  @ApiProperty({ example: 'CRM sync' })
  label: string;

  @ApiProperty({ description: 'The first characters of the current secret.', example: 'sk-Xy3q9A' })
  prefix: string;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'uuid', description: 'The account that created the key.' })
  created_by: string;

  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'To the minute.' })
  last_used_at: string | null;

  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: String,
    description: 'After a rotation: when the previous secret stops working (24 hours after the rotation).',
  })
  previous_expires_at: string | null;
}

/** Creation and rotation: the only responses that carry the secret. */
export class ApiKeyWithSecretDto extends ApiKeyDto {
  @ApiProperty({
    description: 'The secret: shown this once, store it now. Send it as `Authorization: Bearer sk-…`.',
    example: 'sk-EXAMPLE_Xy3q9AbCd-EfGhIjKlMn_OpQrStUvWx-Yz0',
  })
  secret: string;
}

export class ApiKeyListDto {
  @ApiProperty({ enum: ['list'] })
  object: 'list';

  @ApiProperty({ type: [ApiKeyDto] })
  data: ApiKeyDto[];

  @ApiProperty({ example: 1 })
  total: number;
}

export function toApiKeyDto(key: ApiKey): ApiKeyDto {
  return {
    object: 'api_key',
    id: key.id,
    label: key.label,
    prefix: key.prefix,
    created_at: key.createdAt.toISOString(),
    created_by: key.createdBy,
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    previous_expires_at: key.previousExpiresAt?.toISOString() ?? null,
  };
}

export function toApiKeyWithSecretDto(key: ApiKey, secret: string): ApiKeyWithSecretDto {
  return { ...toApiKeyDto(key), secret };
}

export function toApiKeyListDto(keys: ApiKey[]): ApiKeyListDto {
  return { object: 'list', data: keys.map(toApiKeyDto), total: keys.length };
}
