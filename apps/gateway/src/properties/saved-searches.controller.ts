import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import {
  CreateSavedSearchBody,
  MAX_SAVED_SEARCHES,
  PageQuery,
  SavedSearch,
  SavedSearchesPage,
  UpdateSavedSearchBody,
} from '@app/contracts';
import type { Principal } from '@app/contracts';
import { Authenticated, CurrentPrincipal } from '../identity/access/access.decorators';
import { OAuthScope } from '../identity/access/oauth-scope.decorator';
import { SavedSearchesService } from './saved-searches.service';

const NOT_YOURS = '`not_found`: you have no saved search with this id (another user’s answers the same)';
const BAD_QUERY =
  '`validation_error` naming the field, e.g. `query.min_price_sar`, or `query.city` when it names no known city';

@ApiTags('properties')
@Authenticated(['user'])
@OAuthScope('saved_searches')
@Controller('me/saved-searches')
export class SavedSearchesController {
  constructor(private readonly searches: SavedSearchesService) {}

  @Get()
  @ApiOperation({ summary: 'Your saved searches, newest first' })
  @ApiOkResponse({ type: SavedSearchesPage })
  list(@CurrentPrincipal() principal: Principal, @Query() query: PageQuery): Promise<SavedSearchesPage> {
    return this.searches.list(principal, query);
  }

  @Post()
  @ApiOperation({
    summary: 'Save a search and be alerted of new and cheaper listings that match it',
    description:
      '`query` takes the filters of GET /v1/properties with its rules. A listing published, or a published ' +
      'listing whose price drops, that matches alerts you on your channels: `instant` (at most one message per ' +
      `search every 15 minutes), or a \`daily\` or \`weekly\` digest. At most ${MAX_SAVED_SEARCHES} per user.`,
  })
  @ApiCreatedResponse({ type: SavedSearch })
  @ApiConflictResponse({
    description: `\`saved_search_limit_reached\`: you have ${MAX_SAVED_SEARCHES} already (\`details.max_saved_searches\`)`,
  })
  @ApiUnprocessableEntityResponse({ description: BAD_QUERY })
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateSavedSearchBody): Promise<SavedSearch> {
    return this.searches.create(principal, body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One of your saved searches' })
  @ApiOkResponse({ type: SavedSearch })
  @ApiNotFoundResponse({ description: NOT_YOURS })
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<SavedSearch> {
    return this.searches.get(principal, id);
  }

  @Patch(':id')
  @ApiOperation({
    summary: 'Rename a saved search, change its frequency or replace its filters',
    description: 'Sending a `frequency` also turns its alerts back on after an unsubscribe.',
  })
  @ApiOkResponse({ type: SavedSearch })
  @ApiNotFoundResponse({ description: NOT_YOURS })
  @ApiUnprocessableEntityResponse({ description: BAD_QUERY })
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: UpdateSavedSearchBody,
  ): Promise<SavedSearch> {
    return this.searches.update(principal, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a saved search (its alerts stop)' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiNotFoundResponse({ description: NOT_YOURS })
  remove(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<void> {
    return this.searches.delete(principal, id);
  }
}
