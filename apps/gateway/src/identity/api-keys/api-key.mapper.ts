import type { ApiKeyListResponse, ApiKeyResponse, ApiKeyWithSecretResponse } from '@app/contracts';
import type { ApiKey } from './api-key.entity';

/** A key as listings show it: never its secret or hash. */
export function toApiKeyResponse(key: ApiKey): ApiKeyResponse {
  return {
    object: 'api_key',
    id: key.id,
    label: key.label,
    prefix: key.prefix,
    created_at: key.createdAt.toISOString(),
    created_by: key.createdBy,
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    previous_expires_at: key.previousExpiresAt?.toISOString() ?? null,
  };
}

/** Creation and rotation only: the one time the secret is shown. */
export function toApiKeyWithSecretResponse(key: ApiKey, secret: string): ApiKeyWithSecretResponse {
  return { ...toApiKeyResponse(key), secret };
}

export function toApiKeyListResponse(keys: ApiKey[]): ApiKeyListResponse {
  return { object: 'list', data: keys.map(toApiKeyResponse), total: keys.length };
}
