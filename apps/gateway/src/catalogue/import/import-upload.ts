import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { UPLOAD_FIELD, receiveSingleFile } from '../../http/single-file-upload';

export const IMPORT_FILE_FIELD = UPLOAD_FIELD;

/** An upload spooled to a private temporary folder; `discard()` removes it. */
export interface SpooledUpload {
  path: string;
  discard(): Promise<void>;
}

/**
 * Streams the file of a multipart/form-data request to disk, at most `maxBytes`: the import reads
 * it twice (count, then create) without holding it in memory. Refusals as receiveSingleFile's.
 */
export async function spoolUpload(request: FastifyRequest, maxBytes: number): Promise<SpooledUpload> {
  let folder: string | undefined;
  const discard = () => (folder ? rm(folder, { recursive: true, force: true }) : Promise.resolve());
  try {
    const spooled = await receiveSingleFile(request, maxBytes, 'file', async (part) => {
      folder = await mkdtemp(path.join(tmpdir(), 'listing-import-'));
      const target = path.join(folder, 'upload');
      await pipeline(part.file, createWriteStream(target));
      return target;
    });
    return { path: spooled, discard };
  } catch (err) {
    await discard();
    throw err;
  }
}
