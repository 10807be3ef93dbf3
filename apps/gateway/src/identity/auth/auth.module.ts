import { Module } from '@nestjs/common';

/** Login, token refresh and logout, `GET /v1/me`. */
@Module({})
export class AuthModule {}
