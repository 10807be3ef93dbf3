import { Module } from '@nestjs/common';
import { VerificationController } from './verification.controller';
import { VerificationService } from './verification.service';

/** Broker verification and the catalogue's part of the public broker pages. */
@Module({ controllers: [VerificationController], providers: [VerificationService] })
export class VerificationModule {}
