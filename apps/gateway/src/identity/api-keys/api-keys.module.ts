import { Module } from '@nestjs/common';

/** A broker workspace's API keys: create, list, rotate, revoke. */
@Module({})
export class ApiKeysModule {}
