import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../access/access.decorators';
import { AuthRateLimited } from '../rate-limits/auth-rate-limit.decorator';
import { AccountsService } from './accounts.service';
import { CreateAccountBody, CreatedAccountResponse } from '@app/contracts';
import { ApiRoute } from '../../openapi/api-route.decorator';

@ApiTags('accounts')
@Controller('accounts')
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @Post()
  @Public()
  @AuthRateLimited()
  @HttpCode(201)
  @ApiRoute('Sign up', {
    description: 'Brokers and developers also get a workspace, which they own. Then log in with POST /v1/auth/login.',
    201: CreatedAccountResponse,
    409: '`conflict` on `email`: an account with this e-mail exists',
    422: '`validation_error` with the offending `field`',
  })
  create(@Body() dto: CreateAccountBody) {
    return this.accounts.signUp(dto);
  }
}
