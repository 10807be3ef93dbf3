import { Module } from '@nestjs/common';

/** Sign-up and account records. */
@Module({})
export class AccountsModule {}
