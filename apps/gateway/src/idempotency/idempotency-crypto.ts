import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/** sha256, base64url. */
export function digest(value: string | Buffer): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** JSON with object keys sorted: the same body whatever order a client wrote its fields in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What makes two requests "the same" under one key: the method, the URL (path parameters and
 * query included, so a key sent to another inquiry is another request) and the body, JSON
 * canonicalised or, for an upload, the digest of the uploaded bytes.
 */
export function requestFingerprint(method: string, url: string, body: string): string {
  return digest(canonicalJson([method, url, body]));
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

function answerKey(idempotencyKey: string, context: string): Buffer {
  return Buffer.from(hkdfSync('sha256', idempotencyKey, context, 'idempotent-answer', 32));
}

/** AES-256-GCM under a key derived from the Idempotency-Key: only its holder reads the answer back. */
export function sealAnswer(body: Buffer, idempotencyKey: string, context: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', answerKey(idempotencyKey, context), iv);
  const sealed = Buffer.concat([cipher.update(body), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]);
}

export function openAnswer(sealed: Buffer, idempotencyKey: string, context: string): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', answerKey(idempotencyKey, context), sealed.subarray(0, IV_BYTES));
  decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}
