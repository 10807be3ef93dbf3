import sharp from 'sharp';
import request from 'supertest';
import type { ListingImageResponse, ListingResponse } from '@app/contracts';
import { createModerator } from '../harness/catalogue-fixtures';
import { createAccount, createApiKey, createMember } from '../harness/identity-fixtures';
import type { AccountFixture, MemberFixture } from '../harness/identity-fixtures';
import { startTestImageStore } from '../harness/image-store';
import { listingBody } from '../harness/listing-body';
import type { TestImageStore } from '../harness/image-store';
import { describeE2e, e2eMode } from '../harness/mode';
import { startPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';
import { until } from '../harness/eventually';

/** Small, so the 413 case needs no large upload. */
const IMAGE_MAX_BYTES = 200_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A photo as a phone writes it: EXIF with the camera, a copyright and orientation 6 (turn 90° to view). */
function jpegWithExif(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .withExif({ IFD0: { Make: 'TestCam', Model: 'Secret Phone 9', Copyright: 'Owner Name' } })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 10, g: 160, b: 90, alpha: 1 } } })
    .png()
    .toBuffer();
}

function webp(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 30, b: 200 } } })
    .webp()
    .toBuffer();
}

/** Random pixels do not compress: a PNG well over IMAGE_MAX_BYTES. */
function noisyPng(side: number): Promise<Buffer> {
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + (i >> 3) * 104729) % 251;
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

const apartment = listingBody();

describeE2e('listing images', () => {
  let platform: Platform;
  let store: TestImageStore;
  let agent: MemberFixture;
  let outsider: MemberFixture;
  let moderator: AccountFixture;

  beforeAll(async () => {
    store = await startTestImageStore();
    platform = await startPlatform({ env: { ...store.env, IMAGE_MAX_BYTES: String(IMAGE_MAX_BYTES) } });
    agent = await createMember(platform, { role: 'agent' });
    outsider = await createMember(platform, { role: 'owner' });
    moderator = await createModerator(platform);
  });

  afterAll(async () => {
    await platform?.close();
    await store?.close();
  });

  const http = () => request(platform.baseUrl);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  const createDraft = async (token = agent.token): Promise<ListingResponse> =>
    (await http().post('/v1/listings').set(bearer(token)).send(apartment).expect(201)).body as ListingResponse;

  const upload = (listingId: string, file: Buffer, token = agent.token, filename = 'photo.jpg') =>
    http().post(`/v1/listings/${listingId}/images`).set(bearer(token)).attach('file', file, filename);

  const uploaded = async (listingId: string, file: Buffer, token = agent.token): Promise<ListingImageResponse> =>
    (await upload(listingId, file, token).expect(201)).body as ListingImageResponse;

  const getListing = async (id: string, token = agent.token): Promise<ListingResponse> =>
    (await http().get(`/v1/listings/${id}`).set(bearer(token)).expect(200)).body as ListingResponse;

  /** The image route answers at the gateway's PUBLIC_URL; here the platform's own address serves the path. */
  const fetchImage = (url: string) =>
    http()
      .get(new URL(url).pathname)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });

  describe('uploading', () => {
    it('should store a JPEG upright as WebP display and thumbnail sizes with no EXIF left when a phone photo is uploaded', async () => {
      const listing = await createDraft();
      const image = await uploaded(listing.id, await jpegWithExif(800, 600));
      expect(image).toEqual({
        id: expect.stringMatching(UUID),
        position: 0,
        url: `http://localhost:3000/v1/images/listings/${listing.id}/${image.id}.webp`,
        thumbnail_url: `http://localhost:3000/v1/images/listings/${listing.id}/${image.id}-thumb.webp`,
        // Orientation 6: the 800×600 sensor image is a 600×800 portrait.
        width: 600,
        height: 800,
      });
      for (const url of [image.url, image.thumbnail_url]) {
        const res = await fetchImage(url).expect(200);
        const metadata = await sharp(res.body as Buffer).metadata();
        expect(metadata.format).toBe('webp');
        expect(metadata.exif).toBeUndefined();
        expect(metadata.xmp).toBeUndefined();
        expect(metadata.orientation).toBeUndefined();
        expect((res.body as Buffer).includes('Secret Phone 9')).toBe(false);
      }
      const thumbnail = await sharp((await fetchImage(image.thumbnail_url).expect(200)).body as Buffer).metadata();
      expect([thumbnail.width, thumbnail.height]).toEqual([480, 360]);
      expect((await getListing(listing.id)).images).toEqual([image]);
    });

    it('should take PNG and WebP and shrink only what is larger than the display size when they are uploaded', async () => {
      const listing = await createDraft();
      const big = await uploaded(listing.id, await png(2400, 1200));
      const small = await uploaded(listing.id, await webp(300, 200));
      expect([big.position, big.width, big.height]).toEqual([0, 1600, 800]);
      expect([small.position, small.width, small.height]).toEqual([1, 300, 200]);
      const again = await getListing(listing.id);
      expect(again.image_urls).toEqual([big.url, small.url]);
    });

    it('should store the files in the S3-protocol server in distributed mode and under DATA_DIR in standalone', async () => {
      const listing = await createDraft();
      const image = await uploaded(listing.id, await png(64, 48));
      expect(await store.keys()).toEqual(
        expect.arrayContaining([
          `listings/${listing.id}/${image.id}.webp`,
          `listings/${listing.id}/${image.id}-thumb.webp`,
        ]),
      );
      expect(Object.keys(store.env)).toEqual(
        e2eMode === 'distributed' ? expect.arrayContaining(['S3_BUCKET']) : ['DATA_DIR'],
      );
    });

    it('should answer 422 validation_error on field file when a text file is renamed .jpg', async () => {
      const listing = await createDraft();
      const res = await http()
        .post(`/v1/listings/${listing.id}/images`)
        .set(bearer(agent.token))
        .attach('file', Buffer.from('name,price\nflat,100\n'), { filename: 'photo.jpg', contentType: 'image/jpeg' })
        .expect(422);
      expect(res.body).toMatchObject({ error: 'validation_error', field: 'file', code: 'INVALID_FIELD_TYPE' });
      expect((await getListing(listing.id)).images).toEqual([]);
    });

    it('should refuse an SVG and a GIF as images when they are uploaded', async () => {
      const listing = await createDraft();
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      );
      const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
        .gif()
        .toBuffer();
      for (const file of [svg, gif]) {
        const res = await upload(listing.id, file).expect(422);
        expect(res.body).toMatchObject({ error: 'validation_error', field: 'file' });
      }
    });

    it('should answer 413 payload_too_large in the error contract when the file is over IMAGE_MAX_BYTES', async () => {
      const listing = await createDraft();
      const file = await noisyPng(400);
      expect(file.length).toBeGreaterThan(IMAGE_MAX_BYTES);
      const res = await upload(listing.id, file, agent.token, 'big.png').expect(413);
      expect(res.body).toEqual({
        error: 'payload_too_large',
        message: `file is larger than ${IMAGE_MAX_BYTES} bytes.`,
        field: 'file',
        code: 'PAYLOAD_TOO_LARGE',
        details: { max_bytes: IMAGE_MAX_BYTES },
      });
      expect((await getListing(listing.id)).images).toEqual([]);
    });

    it('should answer 413 when one request carries two files and 422 when file is missing or another field is sent', async () => {
      const listing = await createDraft();
      const image = await png(32, 32);
      const two = await http()
        .post(`/v1/listings/${listing.id}/images`)
        .set(bearer(agent.token))
        .attach('file', image, 'a.png')
        .attach('file', image, 'b.png')
        .expect(413);
      expect(two.body).toMatchObject({ error: 'payload_too_large', field: 'file', code: 'PAYLOAD_TOO_LARGE' });
      const missing = await http()
        .post(`/v1/listings/${listing.id}/images`)
        .set(bearer(agent.token))
        .field('caption', 'living room')
        .expect(422);
      expect(missing.body).toMatchObject({ error: 'validation_error', field: 'caption' });
      const otherName = await http()
        .post(`/v1/listings/${listing.id}/images`)
        .set(bearer(agent.token))
        .attach('image', image, 'a.png')
        .expect(422);
      expect(otherName.body).toMatchObject({ error: 'validation_error', field: 'image' });
      const empty = await http()
        .post(`/v1/listings/${listing.id}/images`)
        .set(bearer(agent.token))
        .set('content-type', 'multipart/form-data; boundary=xyz')
        .send('--xyz--\r\n')
        .expect(422);
      expect(empty.body).toMatchObject({ error: 'validation_error', field: 'file', code: 'MISSING_REQUIRED_FIELDS' });
      expect((await getListing(listing.id)).images).toEqual([]);
    });

    it('should answer 415 when the image is sent as JSON or a raw body, and 415 to multipart on other routes', async () => {
      const listing = await createDraft();
      const json = await http()
        .post(`/v1/listings/${listing.id}/images`)
        .set(bearer(agent.token))
        .send({ file: 'aGVsbG8=' })
        .expect(415);
      expect(json.body).toMatchObject({ error: 'unsupported_media_type', code: 'UNSUPPORTED_MEDIA_TYPE' });
      await http()
        .post(`/v1/listings/${listing.id}/images`)
        .set(bearer(agent.token))
        .set('content-type', 'image/png')
        .send(await png(8, 8))
        .expect(415);
      const elsewhere = await http()
        .post('/v1/listings')
        .set(bearer(agent.token))
        .field('property_type', 'villa')
        .expect(415);
      expect(elsewhere.body).toMatchObject({ error: 'unsupported_media_type' });
    });

    it(`should answer 409 conflict when a listing already holds its maximum of images`, async () => {
      const listing = await createDraft();
      const image = await png(16, 12);
      for (let i = 0; i < 20; i++) await uploaded(listing.id, image);
      const res = await upload(listing.id, image).expect(409);
      expect(res.body).toMatchObject({ error: 'conflict', details: { max_images: 20, image_count: 20 } });
      expect((await getListing(listing.id)).images.map((i) => i.position)).toEqual([...Array(20).keys()]);
    });
  });

  describe('reordering and deleting', () => {
    it('should put the images in the order of image_ids when the list is reordered', async () => {
      const listing = await createDraft();
      const [a, b, c] = [
        await uploaded(listing.id, await png(40, 30)),
        await uploaded(listing.id, await png(41, 30)),
        await uploaded(listing.id, await png(42, 30)),
      ];
      const res = await http()
        .patch(`/v1/listings/${listing.id}/images`)
        .set(bearer(agent.token))
        .send({ image_ids: [c.id, a.id, b.id] })
        .expect(200);
      const reordered = res.body as ListingResponse;
      expect(reordered.images.map((i) => [i.id, i.position])).toEqual([
        [c.id, 0],
        [a.id, 1],
        [b.id, 2],
      ]);
      expect(reordered.image_urls).toEqual([c.url, a.url, b.url]);
      expect((await getListing(listing.id)).image_urls).toEqual([c.url, a.url, b.url]);
    });

    it("should answer 422 on image_ids when the list is not exactly the listing's images", async () => {
      const listing = await createDraft();
      const a = await uploaded(listing.id, await png(40, 30));
      const b = await uploaded(listing.id, await png(40, 31));
      const other = await uploaded((await createDraft()).id, await png(40, 32));
      for (const image_ids of [[a.id], [a.id, b.id, other.id], [a.id, other.id], [a.id, a.id], ['x', b.id]]) {
        const res = await http()
          .patch(`/v1/listings/${listing.id}/images`)
          .set(bearer(agent.token))
          .send({ image_ids })
          .expect(422);
        expect(res.body).toMatchObject({ error: 'validation_error', field: expect.stringMatching(/^image_ids/) });
      }
      expect((await getListing(listing.id)).images.map((i) => i.id)).toEqual([a.id, b.id]);
    });

    it('should delete an image, move the later ones up and stop serving its files when it is deleted', async () => {
      const listing = await createDraft();
      const a = await uploaded(listing.id, await png(40, 30));
      const b = await uploaded(listing.id, await png(40, 31));
      const c = await uploaded(listing.id, await png(40, 32));
      const res = await http().delete(`/v1/listings/${listing.id}/images/${a.id}`).set(bearer(agent.token)).expect(200);
      expect(res.body).toEqual({ object: 'listing_image', id: a.id, deleted: true });
      const after = await getListing(listing.id);
      expect(after.images.map((i) => [i.id, i.position])).toEqual([
        [b.id, 0],
        [c.id, 1],
      ]);
      await fetchImage(a.url).expect(404);
      await fetchImage(a.thumbnail_url).expect(404);
      await fetchImage(b.url).expect(200);
      expect(await store.keys()).not.toContain(`listings/${listing.id}/${a.id}.webp`);
      await http().delete(`/v1/listings/${listing.id}/images/${a.id}`).set(bearer(agent.token)).expect(404);
      await http().delete(`/v1/listings/${listing.id}/images/not-an-id`).set(bearer(agent.token)).expect(404);
    });

    it('should delete the files of a listing when the listing is deleted', async () => {
      const listing = await createDraft();
      const image = await uploaded(listing.id, await png(40, 30));
      await http().delete(`/v1/listings/${listing.id}`).set(bearer(agent.token)).expect(200);
      await until(async () => !(await store.keys()).some((key) => key.startsWith(`listings/${listing.id}/`)), 10_000);
      await fetchImage(image.url).expect(404);
    });
  });

  describe('the listing lifecycle', () => {
    it('should freeze the images of a pending listing and keep one on a published listing, shown in search', async () => {
      const listing = await createDraft();
      await http().post(`/v1/listings/${listing.id}/submit`).set(bearer(agent.token)).expect(422);
      const first = await uploaded(listing.id, await jpegWithExif(640, 480));
      await http().post(`/v1/listings/${listing.id}/submit`).set(bearer(agent.token)).expect(200);

      const frozen = await upload(listing.id, await png(20, 20)).expect(409);
      expect(frozen.body).toMatchObject({ error: 'invalid_state', state: 'pending' });
      await http().delete(`/v1/listings/${listing.id}/images/${first.id}`).set(bearer(agent.token)).expect(409);
      await http()
        .patch(`/v1/listings/${listing.id}/images`)
        .set(bearer(agent.token))
        .send({ image_ids: [first.id] })
        .expect(409);

      await http().post(`/v1/moderation/listings/${listing.id}/approve`).set(bearer(moderator.token)).expect(200);
      const property = await http().get(`/v1/properties/${listing.id}`).expect(200);
      expect(property.body.image_urls).toEqual([first.url]);
      const search = await http().get('/v1/properties').query({ limit: 50 }).expect(200);
      const found = (search.body.properties as { id: string; image_urls: string[] }[]).find((p) => p.id === listing.id);
      expect(found?.image_urls).toEqual([first.url]);

      const last = await http()
        .delete(`/v1/listings/${listing.id}/images/${first.id}`)
        .set(bearer(agent.token))
        .expect(409);
      expect(last.body).toMatchObject({ error: 'invalid_state', state: 'published' });
      const second = await uploaded(listing.id, await webp(200, 100));
      await http().delete(`/v1/listings/${listing.id}/images/${first.id}`).set(bearer(agent.token)).expect(200);
      expect((await getListing(listing.id)).images).toEqual([{ ...second, position: 0 }]);
    });
  });

  describe('serving', () => {
    it('should serve images to anyone with immutable caching and an ETag, and 304 for a current copy', async () => {
      const listing = await createDraft();
      const image = await uploaded(listing.id, await png(120, 90));
      const res = await fetchImage(image.url).expect(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['etag']).toMatch(/^"[^"]+"$/);
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(Number(res.headers['content-length'])).toBe((res.body as Buffer).length);
      const cached = await http()
        .get(new URL(image.url).pathname)
        .set('if-none-match', res.headers['etag'])
        .expect(304);
      expect(cached.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(cached.text ?? '').toBe('');
      await http().get(new URL(image.url).pathname).set('if-none-match', '"something-else"').expect(200);
    });

    it('should answer 404 not_found in the error contract for an unknown or malformed image path', async () => {
      const listing = await createDraft();
      const image = await uploaded(listing.id, await png(10, 10));
      const base = `/v1/images/listings/${listing.id}`;
      for (const path of [
        `${base}/00000000-0000-4000-8000-000000000000.webp`,
        `${base}/${image.id}.png`,
        `${base}/..%2F..%2Fetc%2Fpasswd`,
        `/v1/images/listings/not-a-uuid/${image.id}.webp`,
      ]) {
        const res = await http().get(path).expect(404);
        expect(res.body).toMatchObject({ error: 'not_found', code: 'NOT_FOUND' });
      }
    });
  });

  describe('who may change images', () => {
    it("should answer 404 for another workspace's listing and leave its images as they were", async () => {
      const listing = await createDraft();
      const image = await uploaded(listing.id, await png(30, 20));
      const intruderKey = await createApiKey(platform, outsider.workspaceId, outsider.accountId);
      for (const token of [outsider.token, intruderKey]) {
        const res = await upload(listing.id, await png(30, 20), token).expect(404);
        expect(res.body).toMatchObject({ error: 'not_found' });
        await http()
          .patch(`/v1/listings/${listing.id}/images`)
          .set(bearer(token))
          .send({ image_ids: [image.id] })
          .expect(404);
        await http().delete(`/v1/listings/${listing.id}/images/${image.id}`).set(bearer(token)).expect(404);
      }
      expect((await getListing(listing.id)).images).toEqual([image]);
    });

    it('should let the owner, an admin and the workspace API key manage images, and nobody anonymous', async () => {
      const listing = await createDraft();
      const admin = await createMember(platform, { role: 'admin', workspaceId: agent.workspaceId });
      const key = await createApiKey(platform, agent.workspaceId, admin.accountId);
      await uploaded(listing.id, await png(30, 20), admin.token);
      const byKey = await uploaded(listing.id, await png(30, 20), key);
      await http().delete(`/v1/listings/${listing.id}/images/${byKey.id}`).set(bearer(key)).expect(200);

      const anonymous = await http()
        .post(`/v1/listings/${listing.id}/images`)
        .attach('file', await png(30, 20), 'a.png')
        .expect(401);
      expect(anonymous.body).toMatchObject({ error: 'unauthorized', code: 'MISSING_TOKEN' });
      await http().patch(`/v1/listings/${listing.id}/images`).send({ image_ids: [] }).expect(401);
      await http().delete(`/v1/listings/${listing.id}/images/${byKey.id}`).expect(401);

      const buyer = await createAccount(platform);
      const refused = await upload(listing.id, await png(30, 20), buyer.token).expect(403);
      expect(refused.body).toMatchObject({ error: 'forbidden' });
    });
  });
});
