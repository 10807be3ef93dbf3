import { Body, Controller, Delete, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Principal } from '@app/contracts';
import { Authenticated, CurrentPrincipal, Public } from '../access/access.decorators';
import { AuthRateLimited } from '../rate-limits/auth-rate-limit.decorator';
import { AccountLifecycleService } from './account-lifecycle.service';
import {
  ChangePasswordBody,
  DeleteAccountBody,
  EmailVerifiedResponse,
  LinkTokenBody,
  PasswordResetAcceptedResponse,
  PasswordResetConfirmBody,
  PasswordResetRequestBody,
} from '@app/contracts';
import { ApiRoute } from '../../openapi/api-route.decorator';

const BAD_LINK = '`validation_error` on `token` (unknown, used or expired link) or on the password';

/** The mailed links: verify the address, reset a forgotten password. No credential: the link is the proof. */
@ApiTags('auth')
@Controller('auth')
export class AccountLinksController {
  constructor(private readonly lifecycle: AccountLifecycleService) {}

  @Post('verify-email')
  @Public()
  @AuthRateLimited()
  @HttpCode(200)
  @ApiRoute("Confirm the account's e-mail address", {
    description:
      'With the token of the link mailed at sign-up (valid 7 days, once). Until then the account cannot submit ' +
      'listings for publication or invite members (403 `email_not_verified`); everything else works.',
    200: EmailVerifiedResponse,
    422: BAD_LINK,
  })
  verifyEmail(@Body() dto: LinkTokenBody) {
    return this.lifecycle.verifyEmail(dto.token);
  }

  @Post('password-reset')
  @Public()
  @AuthRateLimited()
  @HttpCode(202)
  @ApiRoute('Ask for a password-reset link', {
    description:
      'Always 202, whether or not the address has an account. The link works once, for one hour; asking again ' +
      'voids the previous link. Rate-limited like login.',
    202: PasswordResetAcceptedResponse,
    422: '`validation_error` on `email`',
  })
  requestPasswordReset(@Body() dto: PasswordResetRequestBody) {
    return this.lifecycle.requestPasswordReset(dto.email);
  }

  @Post('password-reset/confirm')
  @Public()
  @AuthRateLimited()
  @HttpCode(204)
  @ApiRoute('Set a new password with the reset link', {
    description: 'Every session of the account ends (all refresh tokens revoked); log in with the new password.',
    204: 'Password changed',
    422: BAD_LINK,
  })
  confirmPasswordReset(@Body() dto: PasswordResetConfirmBody) {
    return this.lifecycle.confirmPasswordReset(dto);
  }
}

/** The signed-in person's own account. A person's token only: an API key gets 403 `api_key_not_allowed`. */
@ApiTags('auth')
@Controller('me')
export class MyAccountController {
  constructor(private readonly lifecycle: AccountLifecycleService) {}

  @Post('verify-email')
  @Authenticated(['user'])
  @AuthRateLimited()
  @HttpCode(202)
  @ApiRoute('Mail a new verification link', {
    description: 'Voids the earlier link.',
    202: 'The link is on its way',
    409: '`conflict`: the address is already confirmed',
  })
  resendVerification(@CurrentPrincipal() principal: Principal) {
    return this.lifecycle.resendVerification(principal);
  }

  @Post('password')
  @Authenticated(['user'])
  @AuthRateLimited()
  @HttpCode(204)
  @ApiRoute('Change the password', {
    description: 'Every session of the account ends, this one included: log in again with the new password.',
    204: 'Password changed',
    422: '`validation_error` on `current_password` (incorrect) or `new_password` (too short or long)',
  })
  changePassword(@CurrentPrincipal() principal: Principal, @Body() dto: ChangePasswordBody) {
    return this.lifecycle.changePassword(principal, dto);
  }

  @Delete()
  @Authenticated(['user'])
  @HttpCode(204)
  @ApiRoute('Delete my account', {
    description:
      'With the password. Personal data is erased or anonymised in every service; brokers keep their inquiries ' +
      'and bookings with the buyer shown as "deleted user". A workspace owner must first transfer ownership ' +
      '(other members) or delete the workspace (alone).',
    204: 'Deleted; every token of the account stops working',
    409: '`conflict`: you own a workspace (transfer it or delete it first)',
    422: '`validation_error` on `password`: missing or incorrect',
  })
  deleteAccount(@CurrentPrincipal() principal: Principal, @Body() dto: DeleteAccountBody) {
    return this.lifecycle.deleteAccount(principal, dto);
  }
}
