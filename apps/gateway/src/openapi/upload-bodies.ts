import { LISTING_IMPORT_COLUMNS, LISTING_IMPORT_MAX_BYTES, LISTING_IMPORT_MAX_ROWS } from '@app/contracts';

/**
 * The multipart bodies of the upload routes for the OpenAPI document. A file is no contract
 * class (it never crosses the transport): the gateway reads it from the stream.
 */
function fileUpload(description: string) {
  return {
    required: true,
    schema: {
      type: 'object',
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary', description } },
    },
  } as const;
}

/** One image (listing images, project images, verification documents). */
export const IMAGE_UPLOAD_BODY = fileUpload(
  'One JPEG, PNG or WebP image (judged by its content, not its name or declared type)',
);

/** A knowledge-base document. */
export const DOCUMENT_UPLOAD_BODY = fileUpload('text/plain, text/markdown or PDF');

/** A listing import file. */
export const IMPORT_UPLOAD_BODY = fileUpload(
  `CSV (UTF-8, comma, semicolon or tab separated) or XLSX (first worksheet), told apart by content; ` +
    `row 1 the header (columns: ${LISTING_IMPORT_COLUMNS.join(', ')}; any subset with property_type, any order); ` +
    `at most ${LISTING_IMPORT_MAX_ROWS} data rows and ${LISTING_IMPORT_MAX_BYTES / 1024 / 1024} MB`,
);
