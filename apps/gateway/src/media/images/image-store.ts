/** An image's bytes as stored, with what the image route sends along. */
export interface StoredImage {
  body: Buffer;
  contentType: string;
  /** A strong validator of the bytes, quoted (`"…"`), for If-None-Match. */
  etag: string;
}

/**
 * Where listing images live: local disk (standalone, one gateway) or an S3-compatible store.
 * Keys are the catalogue's (`listings/<listing id>/<image id>.webp`), written once, never changed.
 */
export interface ImageStore {
  /** Says where, for the start-up log. */
  readonly description: string;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** null when there is no such object. */
  get(key: string): Promise<StoredImage | null>;
  /** The bytes at `from` again at `to` (a unit's listing starts with its project's images); throws when `from` is missing. */
  copy(from: string, to: string): Promise<void>;
  delete(keys: string[]): Promise<void>;
  /** Every object whose key starts with `prefix` (a deleted listing's images). */
  deletePrefix(prefix: string): Promise<void>;
}

export const IMAGE_STORE = Symbol('IMAGE_STORE');

/** One year: the longest lifetime caches honour; the bytes at a key never change. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
