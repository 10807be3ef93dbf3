import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ImageStore, StoredImage } from './image-store';

const CONTENT_TYPES: Record<string, string> = { '.webp': 'image/webp', '.jpg': 'image/jpeg', '.png': 'image/png' };

/** Images as files under one folder (`DATA_DIR/images`), for one gateway process. */
export class LocalImageStore implements ImageStore {
  readonly description: string;
  private readonly root: string;

  constructor(folder: string) {
    this.root = path.resolve(folder);
    this.description = `local disk, ${this.root}`;
  }

  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Written aside and renamed: a reader never sees half a file.
    const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
    await fs.writeFile(partial, body);
    await fs.rename(partial, file);
  }

  async copy(from: string, to: string): Promise<void> {
    const file = this.pathOf(to);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await fs.copyFile(this.pathOf(from), partial);
    } catch (err) {
      await fs.rm(partial, { force: true });
      throw err;
    }
    await fs.rename(partial, file);
  }

  async get(key: string): Promise<StoredImage | null> {
    let body: Buffer;
    try {
      body = await fs.readFile(this.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    return {
      body,
      contentType: CONTENT_TYPES[path.extname(key)] ?? 'application/octet-stream',
      etag: `"${createHash('md5').update(body).digest('hex')}"`,
    };
  }

  async delete(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => fs.rm(this.pathOf(key), { force: true })));
  }

  async deletePrefix(prefix: string): Promise<void> {
    if (!prefix.endsWith('/')) throw new Error(`An image prefix ends with "/": ${prefix}`);
    await fs.rm(this.pathOf(prefix.slice(0, -1)), { recursive: true, force: true });
  }

  /** Keys are ours, but a key that would leave the folder is refused all the same. */
  private pathOf(key: string): string {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new Error(`An image key outside the store: ${key}`);
    return file;
  }
}
