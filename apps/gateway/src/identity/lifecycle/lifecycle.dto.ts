import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsEmail, IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { Transform } from 'class-transformer';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../accounts/passwords';

const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

/** A token from a mailed link (`…#token=<token>`). */
export class LinkTokenDto {
  @ApiProperty({ description: 'The token from the e-mailed link (after `#token=`)', writeOnly: true })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  token: string;
}

export class PasswordResetRequestDto {
  @ApiProperty({ example: 'sara@example.com', description: 'Case does not matter' })
  @Transform(trim)
  @IsDefined()
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  @MaxLength(254)
  email: string;
}

export class PasswordResetConfirmDto extends LinkTokenDto {
  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH, writeOnly: true })
  @IsDefined()
  @IsString()
  @MinLength(PASSWORD_MIN_LENGTH)
  @MaxLength(PASSWORD_MAX_LENGTH)
  password: string;
}

export class ChangePasswordDto {
  @ApiProperty({ writeOnly: true })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(PASSWORD_MAX_LENGTH)
  current_password: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH, writeOnly: true })
  @IsDefined()
  @IsString()
  @MinLength(PASSWORD_MIN_LENGTH)
  @MaxLength(PASSWORD_MAX_LENGTH)
  new_password: string;
}

export class DeleteAccountDto {
  @ApiProperty({ writeOnly: true, description: "The account's password" })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(PASSWORD_MAX_LENGTH)
  password: string;
}

export class EmailVerifiedDto {
  @ApiProperty({ enum: ['email_verification'] })
  object: 'email_verification';

  @ApiProperty({ enum: [true] })
  email_verified: true;
}

export class AcceptedDto {
  @ApiProperty({ enum: ['password_reset'] })
  object: 'password_reset';

  @ApiProperty({
    example:
      'If an account uses this address, a link to reset its password is on its way. It works once, for one hour.',
  })
  message: string;
}
