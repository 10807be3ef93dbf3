import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThan } from 'typeorm';
import type { Repository } from 'typeorm';
import { IDENTITY_DATABASE } from '../../database/identity.database';
import { ApiKey } from './api-key.entity';

@Injectable()
export class ApiKeysRepository {
  constructor(@InjectRepository(ApiKey, IDENTITY_DATABASE) private readonly keys: Repository<ApiKey>) {}

  /** The unrevoked key whose current secret, or previous secret still in its overlap, has this hash. */
  findUsableBySecretHash(hash: string, now: Date): Promise<ApiKey | null> {
    return this.keys.findOne({
      where: [
        { secretHash: hash, revokedAt: IsNull() },
        { previousSecretHash: hash, previousExpiresAt: MoreThan(now), revokedAt: IsNull() },
      ],
    });
  }

  async touchLastUsed(id: string, at: Date): Promise<void> {
    await this.keys.update({ id }, { lastUsedAt: at });
  }
}
