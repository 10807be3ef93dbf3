import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { e2eMode } from './mode';

/** Where a test platform keeps listing images, and what is there now. */
export interface TestImageStore {
  /** The platform's environment for it (startPlatform's `env`). */
  env: Record<string, string>;
  /** Every stored key, sorted. */
  keys(): Promise<string[]>;
  /** Takes a stored file away behind the platform's back (a store that lost an object). */
  remove(key: string): Promise<void>;
  close(): Promise<void>;
}

const BUCKET = 'listing-images';
/** s3rver's fixed credentials: it checks request signatures against them. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * Standalone: a fresh DATA_DIR (images on local disk). Distributed: a real S3-protocol server
 * (s3rver, on loopback, files in a temporary folder) that the gateway reaches with the AWS SDK,
 * signatures checked, as it would reach MinIO or S3.
 */
export async function startTestImageStore(): Promise<TestImageStore> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pdp-images-'));
  const removeFolder = () => fs.rmSync(folder, { recursive: true, force: true });
  if (e2eMode === 'standalone') {
    return {
      env: { DATA_DIR: folder },
      keys: () => Promise.resolve(filesUnder(path.join(folder, 'images'))),
      remove: (key) => Promise.resolve(fs.rmSync(path.join(folder, 'images', key))),
      close: () => Promise.resolve(removeFolder()),
    };
  }
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: folder,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS });
  return {
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    keys: async () => {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      return (listed.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])).sort();
    },
    remove: async (key) => {
      await client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: key }));
    },
    close: async () => {
      client.destroy();
      await server.close();
      removeFolder();
    },
  };
}

function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((entry) => fs.statSync(path.join(root, entry)).isFile())
    .map((entry) => entry.split(path.sep).join('/'))
    .sort();
}
