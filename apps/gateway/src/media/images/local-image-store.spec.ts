import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalImageStore } from './local-image-store';

describe('LocalImageStore', () => {
  let folder: string;
  let store: LocalImageStore;

  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pdp-image-store-'));
    store = new LocalImageStore(path.join(folder, 'images'));
  });

  afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('should read back the bytes, type and a content ETag when an image was put', async () => {
    await store.put('listings/a/b.webp', Buffer.from('one'), 'image/webp');
    const image = await store.get('listings/a/b.webp');
    expect(image).toEqual({
      body: Buffer.from('one'),
      contentType: 'image/webp',
      etag: '"f97c5d29941bfb1b2fdab0874906ab82"',
    });
    expect(fs.readdirSync(path.join(folder, 'images', 'listings', 'a'))).toEqual(['b.webp']);
  });

  it('should answer null when nothing is stored at the key', async () => {
    expect(await store.get('listings/a/none.webp')).toBeNull();
  });

  it('should delete keys and whole prefixes, and not mind what is already gone', async () => {
    await store.put('listings/a/1.webp', Buffer.from('1'), 'image/webp');
    await store.put('listings/a/2.webp', Buffer.from('2'), 'image/webp');
    await store.put('listings/b/3.webp', Buffer.from('3'), 'image/webp');
    await store.delete(['listings/a/1.webp', 'listings/a/missing.webp']);
    expect(await store.get('listings/a/1.webp')).toBeNull();
    await store.deletePrefix('listings/a/');
    await store.deletePrefix('listings/a/');
    expect(await store.get('listings/a/2.webp')).toBeNull();
    expect(await store.get('listings/b/3.webp')).not.toBeNull();
  });

  it('should copy the bytes to a new key that outlives the original, and throw when the original is missing', async () => {
    await store.put('projects/p/1.webp', Buffer.from('one'), 'image/webp');
    await store.copy('projects/p/1.webp', 'listings/l/2.webp');
    await store.delete(['projects/p/1.webp']);
    expect((await store.get('listings/l/2.webp'))?.body).toEqual(Buffer.from('one'));
    await expect(store.copy('projects/p/missing.webp', 'listings/l/3.webp')).rejects.toThrow(/ENOENT/);
    expect(fs.readdirSync(path.join(folder, 'images', 'listings', 'l'))).toEqual(['2.webp']);
  });

  it('should refuse a key that leaves its folder', async () => {
    await expect(store.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/outside the store/);
    await expect(store.get('listings/../../escape.webp')).rejects.toThrow(/outside the store/);
  });
});
