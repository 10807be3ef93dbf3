import type {} from '@fastify/multipart'; // request.parts() and isMultipart() on FastifyRequest
import type { FastifyRequest } from 'fastify';
import { AppError } from '@app/errors';

/** The multipart field the image comes in. */
export const FILE_FIELD = 'file';

/** The multipart body's only part: one file in `file`; nothing else is taken. */
const LIMITS = { files: 1, fields: 1, parts: 2, fieldNameSize: 100, fieldSize: 1024, headerPairs: 50 };

/**
 * Reads the image of a multipart/form-data request into memory, at most `maxBytes` of it.
 * Anything else than one file in `file` is refused in the error contract: another body type
 * 415, a larger file or a second file 413, another field 422, a malformed body 400.
 */
export async function readUploadedFile(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', `Send the image as multipart/form-data, in the field ${FILE_FIELD}.`);
  }
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { ...LIMITS, fileSize: maxBytes } })) {
      if (part.fieldname !== FILE_FIELD) throw unknownField(part.fieldname);
      if (part.type !== 'file') throw notAFile();
      file = await part.toBuffer();
    }
  } catch (err) {
    throw asUploadError(err, maxBytes);
  }
  if (!file) {
    throw new AppError('validation_error', `${FILE_FIELD} is required`, {
      field: FILE_FIELD,
      nestedCode: 'MISSING_REQUIRED_FIELDS',
      details: { missing: [FILE_FIELD] },
    });
  }
  return file;
}

/** The multipart parser's refusals, by its codes; anything else it throws is a malformed body. */
function asUploadError(err: unknown, maxBytes: number): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError('payload_too_large', `${FILE_FIELD} is larger than ${maxBytes} bytes.`, {
      field: FILE_FIELD,
      details: { max_bytes: maxBytes },
    });
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('payload_too_large', `Send one image per request, in the field ${FILE_FIELD}.`, {
      field: FILE_FIELD,
      details: { max_files: 1 },
    });
  }
  return new AppError('invalid_param', 'The multipart/form-data body is malformed.');
}

function unknownField(name: string): AppError {
  return new AppError('validation_error', `${name} is not a recognised field (send the image in ${FILE_FIELD})`, {
    field: name,
    details: { fields: [{ field: name, expected: 'absent' }] },
  });
}

function notAFile(): AppError {
  return new AppError('validation_error', `${FILE_FIELD} must be a file`, {
    field: FILE_FIELD,
    details: { fields: [{ field: FILE_FIELD, expected: 'a file part' }] },
  });
}
