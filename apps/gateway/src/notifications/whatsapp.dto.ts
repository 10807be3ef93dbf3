import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, Length, Matches } from 'class-validator';
import type { WhatsAppConnectionResponse } from '@app/contracts';

export class ConnectWhatsAppDto {
  @ApiProperty({
    pattern: '^\\d{5,20}$',
    description: "The sending number's id in WhatsApp Manager (not the phone number itself)",
    example: '109876543210',
  })
  @Matches(/^\d{5,20}$/, { message: 'must be the numeric phone number id from WhatsApp Manager' })
  phone_number_id: string;

  @ApiProperty({
    minLength: 20,
    maxLength: 1024,
    description: 'A system user access token with `whatsapp_business_messaging`: stored encrypted, never shown again',
    writeOnly: true,
  })
  @IsString()
  @Length(20, 1024)
  @Matches(/^\S+$/, { message: 'must be a token without spaces' })
  access_token: string;

  @ApiPropertyOptional({
    pattern: '^[a-z0-9_]{1,512}$',
    description: "An approved template with one body parameter; the platform's default when omitted",
  })
  @IsOptional()
  @Matches(/^[a-z0-9_]{1,512}$/, { message: 'must be a template name (lower case letters, digits, _)' })
  template?: string;

  @ApiPropertyOptional({ default: true, description: 'Off keeps the connection and sends nothing' })
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}

export class WhatsAppConnectionDto implements WhatsAppConnectionResponse {
  @ApiProperty({ enum: ['whatsapp_connection'] })
  object: 'whatsapp_connection';

  @ApiProperty()
  connected: boolean;

  @ApiProperty()
  enabled: boolean;

  @ApiProperty({ type: String, nullable: true })
  phone_number_id: string | null;

  @ApiProperty({ type: String, nullable: true, example: '+966 11 234 5678' })
  display_phone_number: string | null;

  @ApiProperty({ type: String, nullable: true })
  verified_name: string | null;

  @ApiProperty({ type: String, nullable: true })
  template: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  connected_at: string | null;
}
