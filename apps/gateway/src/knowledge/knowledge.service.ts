import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { KnowledgeRpc, pageOf } from '@app/contracts';
import type {
  AnswerKnowledgeBody,
  CreateKnowledgeArticleBody,
  KnowledgeAnswerResponse,
  KnowledgeEntryDeletedResponse,
  KnowledgeEntryResponse,
  KnowledgePageResponse,
  KnowledgeSearchResponse,
  ListKnowledgeQuery,
  Principal,
  SearchKnowledgeQuery,
  UpdateKnowledgeArticleBody,
} from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { DeveloperWorkspaces } from '../identity/workspaces/developer-workspaces';
import { readUploadedDocument } from '../media/documents/document-upload';
import { entryId, projectId } from './knowledge-access';

interface KnowledgeCaller {
  workspace_id: string;
  account_id: string;
  project_id: string;
}

/** A project's knowledge base for REST and MCP alike, kept by the leads service. */
@Injectable()
export class KnowledgeService {
  constructor(
    private readonly rpc: RpcClient,
    private readonly developers: DeveloperWorkspaces,
  ) {}

  async list(principal: Principal, project: string, query: ListKnowledgeQuery): Promise<KnowledgePageResponse> {
    return this.rpc.call(KnowledgeRpc.list, { ...query, ...pageOf(query), ...(await this.caller(principal, project)) });
  }

  async search(principal: Principal, project: string, query: SearchKnowledgeQuery): Promise<KnowledgeSearchResponse> {
    return this.rpc.call(KnowledgeRpc.search, {
      ...query,
      limit: query.limit ?? 5,
      ...(await this.caller(principal, project)),
    });
  }

  async answer(principal: Principal, project: string, body: AnswerKnowledgeBody): Promise<KnowledgeAnswerResponse> {
    return this.rpc.call(KnowledgeRpc.answer, { ...body, ...(await this.caller(principal, project)) });
  }

  /** Languages left out are stored as null (an entry in one language only). */
  async createArticle(
    principal: Principal,
    project: string,
    body: CreateKnowledgeArticleBody,
  ): Promise<KnowledgeEntryResponse> {
    return this.rpc.call(KnowledgeRpc.create, {
      ...(await this.caller(principal, project)),
      kind: body.kind ?? 'article',
      title_en: body.title_en ?? null,
      title_ar: body.title_ar ?? null,
      body_en: body.body_en ?? null,
      body_ar: body.body_ar ?? null,
    });
  }

  /** The caller and the project are checked before the upload is read. */
  async createDocument(
    principal: Principal,
    project: string,
    request: FastifyRequest,
  ): Promise<KnowledgeEntryResponse> {
    const caller = await this.caller(principal, project);
    const document = await readUploadedDocument(request);
    return this.rpc.call(KnowledgeRpc.createFromDocument, { ...document, ...caller });
  }

  async get(principal: Principal, project: string, entry: string): Promise<KnowledgeEntryResponse> {
    return this.rpc.call(KnowledgeRpc.get, { ...(await this.caller(principal, project)), id: entryId(entry) });
  }

  /** Fields sent replace the stored ones; fields left out stay. */
  async update(
    principal: Principal,
    project: string,
    entry: string,
    body: UpdateKnowledgeArticleBody,
  ): Promise<KnowledgeEntryResponse> {
    return this.rpc.call(KnowledgeRpc.update, {
      ...body,
      ...(await this.caller(principal, project)),
      id: entryId(entry),
    });
  }

  async delete(principal: Principal, project: string, entry: string): Promise<KnowledgeEntryDeletedResponse> {
    return this.rpc.call(KnowledgeRpc.delete, { ...(await this.caller(principal, project)), id: entryId(entry) });
  }

  /** A member of a developer workspace (a broker's: 403), as the project routes check it; then the project id. */
  private async caller(principal: Principal, project: string): Promise<KnowledgeCaller> {
    const workspace_id = await this.developers.of(principal);
    return { workspace_id, account_id: principal.accountId, project_id: projectId(project) };
  }
}
