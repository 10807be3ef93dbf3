import type { FastifyRequest } from 'fastify';
import { receiveSingleFile } from '../single-file-upload';

/** Reads the image of a multipart/form-data request into memory, at most `maxBytes` of it. */
export function readUploadedFile(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  return receiveSingleFile(request, maxBytes, 'image', (part) => part.toBuffer());
}
