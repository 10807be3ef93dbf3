import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { UPLOAD_FIELD, receiveSingleFile } from './single-file-upload';
import { claimUpload } from '../idempotency/idempotency.interceptor';

export const IMPORT_FILE_FIELD = UPLOAD_FIELD;

/** An upload spooled to a private temporary folder; `discard()` removes it. */
export interface SpooledUpload {
  path: string;
  discard(): Promise<void>;
}

/**
 * Streams the file of a multipart/form-data request to disk, at most `maxBytes`: the import reads
 * it twice (count, then create) without holding it in memory. Refusals as receiveSingleFile's.
 * The file's digest then takes the request's Idempotency-Key (or replays its first answer).
 */
export async function spoolUpload(request: FastifyRequest, maxBytes: number): Promise<SpooledUpload> {
  let folder: string | undefined;
  const discard = () => (folder ? rm(folder, { recursive: true, force: true }) : Promise.resolve());
  try {
    const spooled = await receiveSingleFile(request, maxBytes, 'file', async (part) => {
      folder = await mkdtemp(path.join(tmpdir(), 'listing-import-'));
      const target = path.join(folder, 'upload');
      const hash = createHash('sha256');
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      });
      await pipeline(part.file, hashing, createWriteStream(target));
      return { target, digest: hash.digest('base64url') };
    });
    await claimUpload(request, spooled.digest);
    return { path: spooled.target, discard };
  } catch (err) {
    await discard();
    throw err;
  }
}
