import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

export class LoginDto {
  @ApiProperty({ example: 'sara@example.com', description: 'Case does not matter' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(254)
  email: string;

  @ApiProperty({ example: 'correct horse battery', writeOnly: true })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  password: string;
}

export class RefreshTokenDto {
  @ApiProperty({ description: 'The refresh token from the last login or refresh; it can be used once' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  refresh_token: string;
}

export class LogoutDto {
  @ApiPropertyOptional({ description: "Also end the session this refresh token belongs to (if it is the caller's)" })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  refresh_token?: string;
}

export class TokenDto {
  @ApiProperty({ enum: ['token'] })
  object: 'token';

  @ApiProperty({ enum: ['Bearer'] })
  token_type: 'Bearer';

  @ApiProperty({ description: 'A short-lived JWT: send it as Authorization: Bearer …' })
  access_token: string;

  @ApiProperty({ example: 900, description: 'Seconds the access token is valid' })
  expires_in: number;

  @ApiProperty({ description: 'Opaque, single use: exchange it at POST /v1/auth/refresh for a new pair' })
  refresh_token: string;

  @ApiProperty({ example: 2_592_000, description: 'Seconds the refresh token is valid' })
  refresh_expires_in: number;
}

export interface IssuedTokens {
  accessToken: string;
  accessTtlSeconds: number;
  refreshToken: string;
  refreshTtlSeconds: number;
}

export function toTokenDto(tokens: IssuedTokens): TokenDto {
  return {
    object: 'token',
    token_type: 'Bearer',
    access_token: tokens.accessToken,
    expires_in: tokens.accessTtlSeconds,
    refresh_token: tokens.refreshToken,
    refresh_expires_in: tokens.refreshTtlSeconds,
  };
}
