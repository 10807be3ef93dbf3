import { Controller, Get, Headers, Param, Post, Query, Res, applyDecorators } from '@nestjs/common';
import {
  ApiConsumes,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../identity/access/access.decorators';
import { SavedSearchUnsubscribeService } from './saved-search-unsubscribe.service';

const html = (description: string) => ({
  description,
  content: { 'text/html': { schema: { type: 'string' } } },
});

/** What GET and POST share: the link's search and signature, and the pages they answer. */
const UnsubscribeLink = () =>
  applyDecorators(
    ApiParam({ name: 'id', format: 'uuid' }),
    ApiQuery({ name: 'token', description: 'The signature the e-mail’s link carries', required: true }),
    ApiProduces('text/html'),
    ApiOkResponse(html('Unsubscribed: the page says so, naming the search')),
    ApiForbiddenResponse(html('The token is not this search’s (tampered, or another search’s): nothing changed')),
    ApiNotFoundResponse(html('The search was deleted')),
  );

/**
 * A saved search's unsubscribe link, from its alert e-mails: no login, the link's signature is
 * the credential (it names one search and can only stop its alerts). A person opening it gets a
 * small page in the search owner's language; a mail client's one-click button (RFC 8058) POSTs
 * `List-Unsubscribe=One-Click` to it.
 */
@ApiTags('properties')
@Public()
@Controller('saved-searches/:id/unsubscribe')
export class SavedSearchUnsubscribeController {
  constructor(private readonly pages: SavedSearchUnsubscribeService) {}

  @Get()
  @ApiOperation({
    summary: 'Stop a saved search’s alerts from the link in its e-mails (no login)',
    description: 'Answers a page in the search owner’s language. Opening it again changes nothing more.',
  })
  @UnsubscribeLink()
  open(
    @Param('id') id: string,
    @Query('token') token: unknown,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.unsubscribe(id, token, acceptLanguage, reply);
  }

  @Post()
  @ApiOperation({
    summary: 'One-click unsubscribe (RFC 8058), as a mail client’s button sends it',
    description: 'The body (`List-Unsubscribe=One-Click`) is not needed; the answer is the same page as GET.',
  })
  @ApiConsumes('application/x-www-form-urlencoded')
  @UnsubscribeLink()
  oneClick(
    @Param('id') id: string,
    @Query('token') token: unknown,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.unsubscribe(id, token, acceptLanguage, reply);
  }

  private async unsubscribe(
    id: string,
    token: unknown,
    acceptLanguage: string | undefined,
    reply: FastifyReply,
  ): Promise<void> {
    const page = await this.pages.answer(id, token, acceptLanguage);
    void reply.status(page.status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page.html);
  }
}
