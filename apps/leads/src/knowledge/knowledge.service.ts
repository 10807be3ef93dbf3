import { Inject, Injectable } from '@nestjs/common';
import { pageFrom } from '@app/contracts';
import type {
  AnswerKnowledgeRequest,
  CreateKnowledgeArticleRequest,
  CreateKnowledgeDocumentRequest,
  KnowledgeEntryRefRequest,
  KnowledgeAnswerResponse,
  KnowledgeEntryResponse,
  KnowledgePageResponse,
  KnowledgeSearchResponse,
  ListKnowledgeRequest,
  SearchKnowledgeRequest,
  UpdateKnowledgeArticleRequest,
} from '@app/contracts';
import { AppError } from '@app/errors';
import { checkWritten, clean, documentPassages, documentTitle, writtenPassages } from './knowledge-passages';
import type { WrittenFields } from './knowledge-passages';
import { KNOWLEDGE_ANSWERER } from './knowledge-answerer';
import type { KnowledgeAnswerer } from './knowledge-answerer';
import { KnowledgeRetriever, RELEVANCE_THRESHOLD } from './knowledge-retriever';
import { detectLanguage, excerpt } from './knowledge-text';
import { knowledgeSourceId, toKnowledgeEntryResponse } from './knowledge.dto';
import { KnowledgeRepository } from './knowledge.repository';
import { ProjectFactsClient } from './project-facts.client';

/** A project's knowledge base: its authors' entries and what retrieval makes of them. */
@Injectable()
export class KnowledgeService {
  constructor(
    private readonly repository: KnowledgeRepository,
    private readonly retriever: KnowledgeRetriever,
    private readonly projects: ProjectFactsClient,
    @Inject(KNOWLEDGE_ANSWERER) private readonly answerer: KnowledgeAnswerer,
  ) {}

  /** What the widget assistant would answer a visitor (the same answerer), for authors to try. */
  async answer(request: AnswerKnowledgeRequest): Promise<KnowledgeAnswerResponse> {
    await this.projects.ofWorkspace(request.project_id, request.workspace_id);
    const language = request.language ?? detectLanguage(request.question);
    const answer = await this.answerer.answer({
      workspaceId: request.workspace_id,
      projectId: request.project_id,
      question: request.question,
      language,
    });
    return answer.kind === 'answer'
      ? { object: 'knowledge_answer', language, kind: 'answer', text: answer.text, citations: answer.citations }
      : { object: 'knowledge_answer', language, kind: 'unknown', text: null, citations: [] };
  }

  async list(request: ListKnowledgeRequest): Promise<KnowledgePageResponse> {
    await this.projects.ofWorkspace(request.project_id, request.workspace_id);
    const rows = await this.repository.page(request.project_id, request.kind, request.limit + 1, request.offset);
    return pageFrom(rows, request, toKnowledgeEntryResponse);
  }

  async createArticle(request: CreateKnowledgeArticleRequest): Promise<KnowledgeEntryResponse> {
    await this.projects.ofWorkspace(request.project_id, request.workspace_id);
    const fields = writtenFields(request);
    checkWritten(fields);
    const id = await this.repository.transaction(async (tx) => {
      const created = await this.repository.insert(tx, {
        workspace_id: request.workspace_id,
        project_id: request.project_id,
        kind: request.kind,
        ...fields,
        file_name: null,
        media_type: null,
        size_bytes: null,
        created_by: request.account_id,
      });
      await this.repository.replacePassages(tx, created, request.project_id, writtenPassages(fields));
      return created;
    });
    return this.get({ ...request, id }, false);
  }

  async createDocument(request: CreateKnowledgeDocumentRequest): Promise<KnowledgeEntryResponse> {
    await this.projects.ofWorkspace(request.project_id, request.workspace_id);
    const title = documentTitle(request.file_name);
    const passages = documentPassages(title, request.text);
    if (passages.length === 0) {
      throw new AppError('validation_error', 'file has no text to index (a scanned PDF needs its text layer)', {
        field: 'file',
      });
    }
    const language = detectLanguage(request.text);
    const id = await this.repository.transaction(async (tx) => {
      const created = await this.repository.insert(tx, {
        workspace_id: request.workspace_id,
        project_id: request.project_id,
        kind: 'document',
        title_en: language === 'en' ? title : null,
        title_ar: language === 'ar' ? title : null,
        body_en: null,
        body_ar: null,
        file_name: request.file_name,
        media_type: request.media_type,
        size_bytes: request.size_bytes,
        created_by: request.account_id,
      });
      await this.repository.replacePassages(tx, created, request.project_id, passages);
      return created;
    });
    return this.get({ ...request, id }, false);
  }

  async get(request: KnowledgeEntryRefRequest, checkProject = true): Promise<KnowledgeEntryResponse> {
    if (checkProject) await this.projects.ofWorkspace(request.project_id, request.workspace_id);
    const row = await this.repository.find(request.project_id, request.id);
    if (!row) throw entryNotFound();
    return toKnowledgeEntryResponse(row);
  }

  async update(request: UpdateKnowledgeArticleRequest): Promise<KnowledgeEntryResponse> {
    await this.projects.ofWorkspace(request.project_id, request.workspace_id);
    await this.repository.transaction(async (tx) => {
      const row = await this.repository.find(request.project_id, request.id, tx);
      if (!row) throw entryNotFound();
      if (row.kind === 'document') {
        throw new AppError('invalid_state', 'A document is changed by uploading it again; delete this one first.', {
          state: 'document',
        });
      }
      const pick = (field: keyof WrittenFields) => (request[field] !== undefined ? clean(request[field]) : row[field]);
      const fields: WrittenFields = {
        title_en: pick('title_en'),
        title_ar: pick('title_ar'),
        body_en: pick('body_en'),
        body_ar: pick('body_ar'),
      };
      checkWritten(fields);
      await this.repository.update(tx, row.id, fields);
      await this.repository.replacePassages(tx, row.id, row.project_id, writtenPassages(fields));
    });
    return this.get(request, false);
  }

  async delete(request: KnowledgeEntryRefRequest): Promise<{ id: string; deleted: true }> {
    await this.projects.ofWorkspace(request.project_id, request.workspace_id);
    if (!(await this.repository.delete(request.project_id, request.id))) throw entryNotFound();
    return { id: request.id, deleted: true };
  }

  /** What the assistant would retrieve for `q`, scored, so an author can see why it answers or not. */
  async search(request: SearchKnowledgeRequest): Promise<KnowledgeSearchResponse> {
    await this.projects.ofWorkspace(request.project_id, request.workspace_id);
    const language = request.language ?? detectLanguage(request.q);
    const hits = await this.retriever.retrieve(request.project_id, request.q, language, request.limit);
    return {
      object: 'knowledge_search',
      q: request.q,
      language,
      threshold: RELEVANCE_THRESHOLD,
      relevant: hits.some((hit) => hit.relevant),
      data: hits.map((hit) => ({
        passage_id: hit.passage_id,
        entry_id: hit.entry_id,
        source_id: knowledgeSourceId(hit.entry_id),
        kind: hit.kind,
        language: hit.language,
        title: hit.title,
        excerpt: excerpt(hit.text),
        score: hit.score,
        relevant: hit.relevant,
      })),
    };
  }
}

function writtenFields(request: CreateKnowledgeArticleRequest): WrittenFields {
  return {
    title_en: clean(request.title_en),
    title_ar: clean(request.title_ar),
    body_en: clean(request.body_en),
    body_ar: clean(request.body_ar),
  };
}

function entryNotFound(): AppError {
  return new AppError('not_found', 'There is no such knowledge-base entry in this project.');
}
