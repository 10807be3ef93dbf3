import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type {} from '@fastify/multipart'; // request.parts() and isMultipart() on FastifyRequest
import type { FastifyRequest } from 'fastify';
import { AppError } from '@app/errors';

export const IMPORT_FILE_FIELD = 'file';

const LIMITS = { files: 1, fields: 1, parts: 2, fieldNameSize: 100, fieldSize: 1024, headerPairs: 50 };

/** An upload spooled to a private temporary folder; `discard()` removes it. */
export interface SpooledUpload {
  path: string;
  discard(): Promise<void>;
}

/**
 * Streams the file in `file` of a multipart/form-data request to disk, at most `maxBytes`: the
 * import reads it twice (count, then create) without holding it in memory. Another body type
 * 415, a larger file or a second part 413, another field or no file 422, a malformed body 400.
 */
export async function spoolUpload(request: FastifyRequest, maxBytes: number): Promise<SpooledUpload> {
  if (!request.isMultipart()) {
    throw new AppError(
      'unsupported_media_type',
      `Send the file as multipart/form-data, in the field ${IMPORT_FILE_FIELD}.`,
    );
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'listing-import-'));
  const spooled = { path: path.join(folder, 'upload'), discard: () => rm(folder, { recursive: true, force: true }) };
  let received = false;
  try {
    for await (const part of request.parts({ limits: { ...LIMITS, fileSize: maxBytes } })) {
      if (part.fieldname !== IMPORT_FILE_FIELD) throw unknownField(part.fieldname);
      if (part.type !== 'file') throw notAFile();
      await pipeline(part.file, createWriteStream(spooled.path));
      if (part.file.truncated) throw tooLarge(maxBytes);
      received = true;
    }
    if (!received) {
      throw new AppError('validation_error', `${IMPORT_FILE_FIELD} is required`, {
        field: IMPORT_FILE_FIELD,
        nestedCode: 'MISSING_REQUIRED_FIELDS',
        details: { missing: [IMPORT_FILE_FIELD] },
      });
    }
    return spooled;
  } catch (err) {
    await spooled.discard();
    throw asUploadError(err, maxBytes);
  }
}

function asUploadError(err: unknown, maxBytes: number): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(maxBytes);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('payload_too_large', `Send one file per request, in the field ${IMPORT_FILE_FIELD}.`, {
      field: IMPORT_FILE_FIELD,
      details: { max_files: 1 },
    });
  }
  return new AppError('invalid_param', 'The multipart/form-data body is malformed.');
}

function tooLarge(maxBytes: number): AppError {
  return new AppError('payload_too_large', `${IMPORT_FILE_FIELD} is larger than ${maxBytes} bytes.`, {
    field: IMPORT_FILE_FIELD,
    details: { max_bytes: maxBytes },
  });
}

function unknownField(name: string): AppError {
  return new AppError('validation_error', `${name} is not a recognised field (send the file in ${IMPORT_FILE_FIELD})`, {
    field: name,
    details: { fields: [{ field: name, expected: 'absent' }] },
  });
}

function notAFile(): AppError {
  return new AppError('validation_error', `${IMPORT_FILE_FIELD} must be a file`, {
    field: IMPORT_FILE_FIELD,
    details: { fields: [{ field: IMPORT_FILE_FIELD, expected: 'a file part' }] },
  });
}
