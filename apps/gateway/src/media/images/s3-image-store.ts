import { createHash } from 'node:crypto';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { IMMUTABLE_CACHE_CONTROL } from './image-store';
import type { ImageStore, StoredImage } from './image-store';

export interface S3ImageStoreOptions {
  bucket: string;
  region: string;
  /** An S3-compatible store's URL; unset: AWS. */
  endpoint?: string;
  /** Unset: the SDK's default chain (environment, instance or pod role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Images as objects of one bucket of any S3-compatible store. */
export class S3ImageStore implements ImageStore {
  readonly description: string;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3ImageStoreOptions) {
    this.bucket = options.bucket;
    this.description = `S3 bucket ${options.bucket}${options.endpoint ? ` at ${options.endpoint}` : ''}`;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      // Other stores than AWS address buckets by path (http://host/bucket/key), not by host name.
      forcePathStyle: options.endpoint !== undefined,
      credentials: options.credentials,
      // Checksums only where the API requires them: many S3-compatible stores reject the
      // CRC32 trailers the SDK would otherwise add to every upload.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 2,
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        // What a store serving the objects itself (S3_PUBLIC_URL) sends along.
        CacheControl: IMMUTABLE_CACHE_CONTROL,
      }),
    );
  }

  /** Server-side: the bytes do not pass through the gateway; type and Cache-Control are copied along. */
  async copy(from: string, to: string): Promise<void> {
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: to,
        // Keys are ours (uuids, "/", ".webp"); encoded all the same, as the header requires.
        CopySource: `${this.bucket}/${encodeURI(from)}`,
        MetadataDirective: 'COPY',
      }),
    );
  }

  async get(key: string): Promise<StoredImage | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const body = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
      return {
        body,
        contentType: object.ContentType ?? 'application/octet-stream',
        etag: object.ETag ?? `"${createHash('md5').update(body).digest('hex')}"`,
      };
    } catch (err) {
      if (err instanceof NoSuchKey) return null;
      throw err;
    }
  }

  async delete(keys: string[]): Promise<void> {
    // One call per key: DeleteObjects needs a Content-MD5 that not every store accepts in the SDK's form.
    await Promise.all(keys.map((key) => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }))));
  }

  async deletePrefix(prefix: string): Promise<void> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      await this.delete((page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
