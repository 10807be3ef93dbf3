import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import {
  AnswerKnowledgeBody,
  CreateKnowledgeArticleBody,
  KnowledgeAnswerResponse,
  KnowledgeEntryDeletedResponse,
  KnowledgeEntryResponse,
  KnowledgePageResponse,
  KnowledgeSearchResponse,
  ListKnowledgeQuery,
  SearchKnowledgeQuery,
  UpdateKnowledgeArticleBody,
} from '@app/contracts';
import type { Principal } from '@app/contracts';
import { AcceptsMultipart } from '../media/multipart-body';
import { DOCUMENT_UPLOAD_BODY } from '../openapi/upload-bodies';
import { Authenticated, CurrentPrincipal } from '../identity/access/access.decorators';
import { KNOWLEDGE_DOCUMENT_MAX_BYTES } from '../media/documents/document-upload';
import { DeveloperWorkspaceGuard } from '../identity/access/developer-workspace.guard';
import { KnowledgeService } from './knowledge.service';
import { ApiRoute, INVALID } from '../openapi/api-route.decorator';

const NOT_FOUND = '`project_not_found`: no such project in your workspace; `not_found`: no such entry in it';
const DEVELOPERS = ' Developer workspaces only (a broker workspace: 403 `forbidden`).';

@ApiTags('knowledge')
@ApiServiceUnavailableResponse({
  description: '`service_unavailable`: the leads service or the catalogue did not answer',
})
@UseGuards(DeveloperWorkspaceGuard)
@Controller('projects/:id/knowledge')
export class KnowledgeController {
  constructor(private readonly knowledge: KnowledgeService) {}

  @Get()
  @Authenticated(['user', 'api_key'], 'inbox:read')
  @ApiRoute("A project's knowledge base, newest first", {
    description: 'Articles, FAQ entries and uploaded documents the widget assistant answers from.' + DEVELOPERS,
    200: KnowledgePageResponse,
    404: NOT_FOUND,
  })
  list(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Query() query: ListKnowledgeQuery) {
    return this.knowledge.list(principal, id, query);
  }

  @Get('search')
  @Authenticated(['user', 'api_key'], 'inbox:read')
  @ApiRoute('What the assistant would retrieve for a question, with scores', {
    description:
      "For authors: the project's passages in the question's language that share its words, best first, each " +
      "scored by the share of the question's terms it holds (rare words weigh more). Below `threshold` a passage " +
      'is not used; when none reaches it the assistant says it does not know and offers a person. Prices and ' +
      'availability are never answered from here but from the live unit list.' +
      DEVELOPERS,
    200: KnowledgeSearchResponse,
    404: NOT_FOUND,
    422: '`validation_error` with `field`: `q` missing or too long',
  })
  search(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Query() query: SearchKnowledgeQuery) {
    return this.knowledge.search(principal, id, query);
  }

  @Post('answer')
  @HttpCode(200)
  @Authenticated(['user', 'api_key'], 'knowledge:manage')
  @ApiRoute('What the widget assistant would answer a visitor', {
    description:
      'The same answerer the chat widget uses, for authors to try: prices and availability from the live units ' +
      "(cited as `units`), anything else from the relevant passages in the question's language, worded by the " +
      'configured model (AI_PROVIDER) or extracted offline, with its citations; `unknown` when nothing is ' +
      'relevant (the model is not asked).' +
      DEVELOPERS,
    200: KnowledgeAnswerResponse,
    404: NOT_FOUND,
    422: '`validation_error` with `field`: `question` missing or too long',
  })
  answer(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: AnswerKnowledgeBody) {
    return this.knowledge.answer(principal, id, body);
  }

  @Post('articles')
  @Authenticated(['user', 'api_key'], 'knowledge:manage')
  @ApiRoute('Add an article or FAQ entry', {
    description:
      'A title and a body in English, in Arabic, or both (an FAQ entry: the question as title, the answer as ' +
      'body). Each body is split into passages of a few sentences and indexed for retrieval at once.' +
      DEVELOPERS,
    201: KnowledgeEntryResponse,
    404: NOT_FOUND,
    422: '`validation_error` with `field`: no language complete, a title without its body (or the reverse)',
  })
  createArticle(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: CreateKnowledgeArticleBody,
  ) {
    return this.knowledge.createArticle(principal, id, body);
  }

  @Post('documents')
  @AcceptsMultipart(DOCUMENT_UPLOAD_BODY)
  @Authenticated(['user', 'api_key'], 'knowledge:manage')
  @ApiRoute('Upload a document (text, markdown or PDF)', {
    description:
      'multipart/form-data with the file in the field `file`: UTF-8 text, markdown, or a PDF with a text layer ' +
      `(at most ${KNOWLEDGE_DOCUMENT_MAX_BYTES / 1024 / 1024} MB), judged by its content. Its text is split into ` +
      'passages, each in the language its letters are written in. To change a document, delete it and upload ' +
      'the new one.' +
      DEVELOPERS,
    201: KnowledgeEntryResponse,
    404: NOT_FOUND,
    413: '`payload_too_large` with `field: "file"`: over 10 MB, too much text, or more than one part',
    422: '`validation_error` with `field`: `file` missing, empty, not text or PDF, or a PDF without text',
  })
  createDocument(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Req() request: FastifyRequest) {
    return this.knowledge.createDocument(principal, id, request);
  }

  @Get(':entry_id')
  @Authenticated(['user', 'api_key'], 'inbox:read')
  @ApiRoute('One knowledge-base entry', { description: DEVELOPERS.trim(), 200: KnowledgeEntryResponse, 404: NOT_FOUND })
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Param('entry_id') entry: string) {
    return this.knowledge.get(principal, id, entry);
  }

  @Patch(':entry_id')
  @Authenticated(['user', 'api_key'], 'knowledge:manage')
  @ApiRoute('Change an article or FAQ entry', {
    description:
      'Fields sent replace the stored ones (`null` removes that language); its passages are indexed again.' +
      DEVELOPERS,
    200: KnowledgeEntryResponse,
    404: NOT_FOUND,
    409: '`invalid_state`: a document (upload it again instead)',
    422: INVALID,
  })
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('entry_id') entry: string,
    @Body() body: UpdateKnowledgeArticleBody,
  ) {
    return this.knowledge.update(principal, id, entry, body);
  }

  @Delete(':entry_id')
  @Authenticated(['user', 'api_key'], 'knowledge:manage')
  @ApiRoute('Delete a knowledge-base entry', {
    description: 'Its passages go with it.' + DEVELOPERS,
    200: KnowledgeEntryDeletedResponse,
    404: NOT_FOUND,
  })
  delete(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Param('entry_id') entry: string) {
    return this.knowledge.delete(principal, id, entry);
  }
}
