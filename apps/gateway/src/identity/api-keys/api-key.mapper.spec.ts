import type { ApiKey } from './api-key.entity';
import { toApiKeyListResponse, toApiKeyResponse, toApiKeyWithSecretResponse } from './api-key.mapper';

const key: ApiKey = {
  id: '3f0d7c1e-9a51-4f55-9a4e-2b1f0c2d8e71',
  workspaceId: 'b1f3a0de-0000-4000-8000-000000000001',
  label: 'CRM sync',
  prefix: 'sk-Xy3q9A',
  secretHash: 'a'.repeat(64),
  previousSecretHash: 'b'.repeat(64),
  previousExpiresAt: new Date('2025-01-02T00:00:00Z'),
  createdBy: 'c2f3a0de-0000-4000-8000-000000000002',
  createdAt: new Date('2025-01-01T00:00:00Z'),
  lastUsedAt: null,
  revokedAt: null,
};

describe('API key mappers', () => {
  it('should show neither hash nor secret when mapping a key for listings', () => {
    const dto = toApiKeyResponse(key);
    expect(dto).toEqual({
      object: 'api_key',
      id: key.id,
      label: 'CRM sync',
      prefix: 'sk-Xy3q9A',
      created_at: '2025-01-01T00:00:00.000Z',
      created_by: key.createdBy,
      last_used_at: null,
      previous_expires_at: '2025-01-02T00:00:00.000Z',
    });
    expect(JSON.stringify(toApiKeyListResponse([key]))).not.toContain('a'.repeat(64));
  });

  it('should carry the secret when mapping a key just created or rotated', () => {
    expect(toApiKeyWithSecretResponse(key, 'sk-secret')).toMatchObject({ id: key.id, secret: 'sk-secret' });
  });

  it('should count the keys when mapping a list', () => {
    expect(toApiKeyListResponse([key, key])).toMatchObject({ object: 'list', total: 2 });
  });
});
