import { Injectable, Logger } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { apiKeyRefusal, can } from '@app/contracts';
import type {
  ApiKeyListResponse,
  ApiKeyResponse,
  ApiKeyWithSecretResponse,
  CreateApiKeyBody,
  Permission,
  Principal,
} from '@app/contracts';
import { AppError } from '@app/errors';
import { mintApiKey } from './api-key-format';
import { ApiKeyVerifier } from './api-key-verifier';
import { ApiKeysRepository } from './api-keys.repository';
import { toApiKeyListResponse, toApiKeyResponse, toApiKeyWithSecretResponse } from './api-key.mapper';

/** How long the previous secret keeps working after a rotation (decisions.md). */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

interface KeyManager {
  accountId: string;
  workspaceId: string;
}

/**
 * A broker workspace's API keys. Only owners and admins manage them, signed in (a key may list them);
 * secrets are returned once and never stored or logged, only their hashes.
 */
@Injectable()
export class ApiKeysService {
  private readonly logger = new Logger(ApiKeysService.name);

  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly verifier: ApiKeyVerifier,
  ) {}

  async list(principal: Principal): Promise<ApiKeyListResponse> {
    const { workspaceId } = await this.authorise(principal, 'api_keys:read');
    return toApiKeyListResponse(await this.keys.listActive(workspaceId));
  }

  async create(principal: Principal, input: CreateApiKeyBody): Promise<ApiKeyWithSecretResponse> {
    const { accountId, workspaceId } = await this.authorise(principal, 'api_keys:manage');
    const { secret, prefix, secretHash } = mintApiKey();
    const key = await this.keys.create({ workspaceId, label: input.label, prefix, secretHash, createdBy: accountId });
    this.logger.log({ api_key_id: key.id, workspace_id: workspaceId, account_id: accountId }, 'API key created');
    return toApiKeyWithSecretResponse(key, secret);
  }

  async rotate(principal: Principal, id: string): Promise<ApiKeyWithSecretResponse> {
    const { accountId, workspaceId } = await this.authorise(principal, 'api_keys:manage');
    if (!isUUID(id)) throw notFound();
    const { secret, prefix, secretHash } = mintApiKey();
    const previousExpiresAt = new Date(Date.now() + ROTATION_OVERLAP_MS);
    const key = await this.keys.rotate(id, workspaceId, { prefix, secretHash, previousExpiresAt });
    if (!key) throw notFound();
    // An earlier rotation's previous secret ends now: drop it from this replica's cache.
    this.verifier.forget(key.id);
    this.logger.log({ api_key_id: key.id, workspace_id: workspaceId, account_id: accountId }, 'API key rotated');
    return toApiKeyWithSecretResponse(key, secret);
  }

  async revoke(principal: Principal, id: string): Promise<void> {
    const { accountId, workspaceId } = await this.authorise(principal, 'api_keys:manage');
    if (!isUUID(id)) throw notFound();
    if (!(await this.keys.revoke(id, workspaceId, new Date()))) throw notFound();
    // This replica refuses it at once; the others within API_KEY_CACHE_MS.
    this.verifier.forget(id);
    this.logger.log({ api_key_id: id, workspace_id: workspaceId, account_id: accountId }, 'API key revoked');
  }

  /**
   * The key making the request: lets an integration check its key and see what it is.
   * Whether the key is valid is the verifier's answer, as on every route taking keys.
   */
  async current(principal: Principal): Promise<ApiKeyResponse> {
    if (principal.kind !== 'api_key') throw new AppError('invalid_api_key', 'This route takes an API key (sk-…).');
    const key = await this.keys.findInWorkspace(principal.apiKeyId, principal.workspaceId);
    if (!key) throw new AppError('invalid_api_key', 'The API key is invalid, revoked or expired.');
    return toApiKeyResponse(key);
  }

  /**
   * Re-checks what the guard checked (a role that may read or manage keys; a person, not a
   * key, to create, rotate or revoke one) and adds what it cannot know: only broker
   * workspaces have keys.
   */
  private async authorise(principal: Principal, permission: Permission): Promise<KeyManager> {
    const refusal = apiKeyRefusal(permission);
    if (principal.kind === 'api_key' && refusal) throw new AppError('api_key_not_allowed', refusal);
    const { accountId, workspaceId, workspaceRole } = principal;
    if (!workspaceId) throw new AppError('forbidden', 'API keys belong to a broker workspace; you have none.');
    if (!can(workspaceRole, permission)) {
      throw new AppError('forbidden', 'Only the workspace owner or an admin manages API keys.');
    }
    const kind = await this.keys.findWorkspaceKind(workspaceId);
    if (kind !== 'broker') throw new AppError('forbidden', 'Only broker workspaces have API keys.');
    return { accountId, workspaceId };
  }
}

function notFound(): AppError {
  return new AppError('not_found', 'No such API key.');
}
