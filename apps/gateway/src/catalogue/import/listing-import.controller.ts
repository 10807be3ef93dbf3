import { Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LISTING_IMPORT_MAX_ROWS, ListingImportReport } from '@app/contracts';
import type { Principal } from '@app/contracts';
import { Authenticated, CurrentPrincipal } from '../../identity/access/access.decorators';
import { AcceptsMultipart } from '../../media/multipart-body';
import { IMPORT_UPLOAD_BODY } from '../../openapi/upload-bodies';
import { LISTING_IMPORT_TEMPLATE_CSV } from './listing-import-template';
import { ListingImportService } from './listing-import.service';
import { Idempotent } from '../../idempotency/idempotent.decorator';
import { ApiRoute } from '../../openapi/api-route.decorator';

@ApiTags('listings')
@Controller('listings/import')
export class ListingImportController {
  constructor(private readonly imports: ListingImportService) {}

  @Post()
  @Idempotent({ body: 'upload' })
  @HttpCode(200)
  @AcceptsMultipart(IMPORT_UPLOAD_BODY)
  @Authenticated(['user', 'api_key'], 'listings:manage')
  @ApiRoute('Import listings from a CSV or XLSX file', {
    description:
      'multipart/form-data with the file in `file` (template: GET /v1/listings/import/template.csv). ' +
      'Each valid row becomes a draft exactly as POST /v1/listings would make it (place resolution, AED at the ' +
      "peg, land without rooms). A row whose `external_ref` is already the workspace's updates that listing as " +
      'PATCH would (an empty cell leaves the field as it is; a pending listing fails with `invalid_state`): ' +
      're-importing a file never duplicates. Rows without `external_ref` are always created. The answer reports ' +
      'every row: `created`, `updated` or `failed` with its errors (column, code, message). A file that is not ' +
      `CSV or XLSX, has a wrong header row or more than ${LISTING_IMPORT_MAX_ROWS} data rows creates nothing.`,
    200: ListingImportReport,
    413: `\`payload_too_large\` with \`field: "file"\`: over 32 MB, more than ${LISTING_IMPORT_MAX_ROWS} data rows (\`details.max_rows\`), or more than one part`,
    422:
      '`validation_error` with `field: "file"`: missing, empty, neither CSV nor XLSX, unreadable, or a header row ' +
      'with an unknown or repeated column or without property_type (`details`); nothing is created',
    503: '`service_unavailable`: the catalogue did not answer in time',
  })
  import(@CurrentPrincipal() principal: Principal, @Req() request: FastifyRequest) {
    return this.imports.import(principal, request);
  }

  @Get('template.csv')
  @Authenticated(['user', 'api_key'], 'listings:manage')
  @ApiRoute('The import template (CSV)', {
    description: 'Every column in order, with two example rows (English and Arabic place names). UTF-8 with a BOM.',
    200: { description: 'The template', content: { 'text/csv': { schema: { type: 'string' } } } },
  })
  @ApiProduces('text/csv')
  template(@Res({ passthrough: true }) reply: FastifyReply): string {
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="listings-import-template.csv"');
    return LISTING_IMPORT_TEMPLATE_CSV;
  }
}
