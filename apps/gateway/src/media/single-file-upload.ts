import type { MultipartFile } from '@fastify/multipart'; // also request.parts() and isMultipart() on FastifyRequest
import type { FastifyRequest } from 'fastify';
import { AppError } from '@app/errors';

/** The multipart field an upload comes in (listing images, verification documents, imports). */
export const UPLOAD_FIELD = 'file';

/** The multipart body's only part: one file in `file`; nothing else is taken. */
const LIMITS = { files: 1, fields: 1, parts: 2, fieldNameSize: 100, fieldSize: 1024, headerPairs: 50 };

/**
 * Hands the one file of a multipart/form-data request to `consume` (into memory, onto disk), at
 * most `maxBytes` of it; `noun` names it in the errors ("image", "file"). Anything else than one
 * file in `file` is refused in the error contract: another body type 415, a larger file or a
 * second part 413, another field or no file 422, a malformed body 400.
 */
export async function receiveSingleFile<T>(
  request: FastifyRequest,
  maxBytes: number,
  noun: string,
  consume: (part: MultipartFile) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) {
    throw new AppError(
      'unsupported_media_type',
      `Send the ${noun} as multipart/form-data, in the field ${UPLOAD_FIELD}.`,
    );
  }
  let received: { value: T } | undefined;
  try {
    for await (const part of request.parts({ limits: { ...LIMITS, fileSize: maxBytes } })) {
      if (part.fieldname !== UPLOAD_FIELD) throw unknownField(part.fieldname, noun);
      if (part.type !== 'file') throw notAFile();
      received = { value: await consume(part) };
      if (part.file.truncated) throw tooLarge(maxBytes);
    }
  } catch (err) {
    throw asUploadError(err, maxBytes, noun);
  }
  if (!received) {
    throw new AppError('validation_error', `${UPLOAD_FIELD} is required`, {
      field: UPLOAD_FIELD,
      nestedCode: 'MISSING_REQUIRED_FIELDS',
      details: { missing: [UPLOAD_FIELD] },
    });
  }
  return received.value;
}

/** The multipart parser's refusals, by its codes; anything else it throws is a malformed body. */
function asUploadError(err: unknown, maxBytes: number, noun: string): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(maxBytes);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('payload_too_large', `Send one ${noun} per request, in the field ${UPLOAD_FIELD}.`, {
      field: UPLOAD_FIELD,
      details: { max_files: 1 },
    });
  }
  return new AppError('invalid_param', 'The multipart/form-data body is malformed.');
}

function tooLarge(maxBytes: number): AppError {
  return new AppError('payload_too_large', `${UPLOAD_FIELD} is larger than ${maxBytes} bytes.`, {
    field: UPLOAD_FIELD,
    details: { max_bytes: maxBytes },
  });
}

function unknownField(name: string, noun: string): AppError {
  return new AppError('validation_error', `${name} is not a recognised field (send the ${noun} in ${UPLOAD_FIELD})`, {
    field: name,
    details: { fields: [{ field: name, expected: 'absent' }] },
  });
}

function notAFile(): AppError {
  return new AppError('validation_error', `${UPLOAD_FIELD} must be a file`, {
    field: UPLOAD_FIELD,
    details: { fields: [{ field: UPLOAD_FIELD, expected: 'a file part' }] },
  });
}
