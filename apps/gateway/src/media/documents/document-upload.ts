import type { FastifyRequest } from 'fastify';
import type { KnowledgeDocumentType } from '@app/contracts';
import { KNOWLEDGE_DOCUMENT_TEXT_MAX } from '@app/contracts';
import { AppError } from '@app/errors';
import { receiveSingleFile } from '../single-file-upload';
import { pdfText } from './pdf-text';

/** An uploaded knowledge-base document, at most this large. */
export const KNOWLEDGE_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

export interface UploadedDocument {
  file_name: string;
  media_type: KnowledgeDocumentType;
  size_bytes: number;
  text: string;
}

/**
 * The document of a multipart upload as text. Its type is judged by its content, not its
 * name: `%PDF-` is a PDF (text extracted), valid UTF-8 is text (markdown when named .md or
 * sent as text/markdown); anything else is refused.
 */
export async function readUploadedDocument(request: FastifyRequest): Promise<UploadedDocument> {
  const { bytes, fileName, declared } = await receiveSingleFile(
    request,
    KNOWLEDGE_DOCUMENT_MAX_BYTES,
    'document',
    async (part) => ({ bytes: await part.toBuffer(), fileName: part.filename, declared: part.mimetype }),
  );
  const file_name = (fileName || 'document').slice(0, 255);
  if (bytes.length === 0) throw refused('file is empty');
  let media_type: KnowledgeDocumentType;
  let text: string;
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') {
    media_type = 'application/pdf';
    text = await pdfText(bytes);
  } else {
    text = utf8(bytes);
    media_type = /\.(md|markdown)$/i.test(file_name) || declared === 'text/markdown' ? 'text/markdown' : 'text/plain';
  }
  text = text.trim();
  if (text.length > KNOWLEDGE_DOCUMENT_TEXT_MAX) {
    throw new AppError('payload_too_large', `file holds more than ${KNOWLEDGE_DOCUMENT_TEXT_MAX} characters of text.`, {
      field: 'file',
      details: { max_chars: KNOWLEDGE_DOCUMENT_TEXT_MAX },
    });
  }
  return { file_name, media_type, size_bytes: bytes.length, text };
}

function utf8(bytes: Buffer): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
    // Control characters other than tab and line breaks: a binary file that happens to decode.
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u0008\u000E-\u001F]/.test(text)) throw new Error('control characters: not text');
    return text;
  } catch {
    throw refused('file must be text/plain, text/markdown (UTF-8) or PDF');
  }
}

function refused(message: string): AppError {
  return new AppError('validation_error', message, { field: 'file' });
}
