import { Injectable, Logger } from '@nestjs/common';
import type { Principal } from '@app/contracts';
import { InjectConfig } from '@app/config';
import type { AppConfig } from '@app/config';
import { AppError } from '@app/errors';
import { gatewayConfig } from '../../config/gateway.env';
import { hashSecret, sameSecretHash } from '../secrets';
import { API_KEY_PATTERN } from './api-key-format';
import { ApiKeysRepository } from './api-keys.repository';

type ApiKeyPrincipal = Extract<Principal, { kind: 'api_key' }>;

const LAST_USED_EVERY_MS = 60_000;
const MAX_CACHED = 10_000;

/**
 * Turns an `sk-` secret into its workspace. A verified key is trusted for API_KEY_CACHE_MS
 * (2 s by default) without a database look-up: that bounds how long a revoked key keeps
 * working on any replica, with no broadcast needed, and keeps the hot routes at one
 * database round trip or none.
 */
@Injectable()
export class ApiKeyVerifier {
  private readonly logger = new Logger(ApiKeyVerifier.name);
  private readonly cache = new Map<string, { principal: ApiKeyPrincipal; until: number }>();
  private readonly lastUsedWrites = new Map<string, number>();

  constructor(
    private readonly keys: ApiKeysRepository,
    @InjectConfig(gatewayConfig) private readonly config: AppConfig<typeof gatewayConfig>,
  ) {}

  async verify(secret: string): Promise<ApiKeyPrincipal> {
    // Built only when needed: an error captures a stack, and this is every keyed request's path.
    const invalid = () => new AppError('invalid_api_key', 'The API key is invalid, revoked or expired.');
    if (!API_KEY_PATTERN.test(secret)) throw invalid();
    const hash = hashSecret(secret);
    const now = Date.now();
    const cached = this.cache.get(hash);
    if (cached && cached.until > now) return cached.principal;

    const key = await this.keys.findUsableBySecretHash(hash, new Date(now));
    const current = key !== null && sameSecretHash(key.secretHash, hash);
    const previous = key?.previousSecretHash != null && sameSecretHash(key.previousSecretHash, hash);
    if (!key || !(current || previous)) {
      this.cache.delete(hash);
      throw invalid();
    }
    const principal: ApiKeyPrincipal = {
      kind: 'api_key',
      apiKeyId: key.id,
      accountId: key.createdBy,
      workspaceId: key.workspaceId,
      workspaceRole: 'owner',
    };
    // A previous secret is never trusted past the end of its overlap.
    const overlapEnd = previous && !current && key.previousExpiresAt ? key.previousExpiresAt.getTime() : Infinity;
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    this.cache.set(hash, { principal, until: Math.min(now + this.config.API_KEY_CACHE_MS, overlapEnd) });
    this.recordUse(key.id, now);
    return principal;
  }

  /** Drops a key from this replica's cache at once (revocation, rotation); other replicas follow within the TTL. */
  forget(apiKeyId: string): void {
    for (const [hash, entry] of this.cache) if (entry.principal.apiKeyId === apiKeyId) this.cache.delete(hash);
  }

  /** `last_used_at` to the minute: a write per request would double the hot path's database work. */
  private recordUse(apiKeyId: string, now: number): void {
    if (now - (this.lastUsedWrites.get(apiKeyId) ?? 0) < LAST_USED_EVERY_MS) return;
    this.lastUsedWrites.set(apiKeyId, now);
    this.keys
      .touchLastUsed(apiKeyId, new Date(now))
      .catch((err: unknown) => this.logger.warn({ err, api_key_id: apiKeyId }, 'Could not record API key use'));
  }
}
