import { AppError } from '@app/errors';
import { imageAnswer, listingImageKeyOf } from './image-answer';

const LISTING = '0b6c2f4e-8d1a-4c3e-9f2a-1e5d7c9b3a40';
const IMAGE = '5f0e1d2c-3b4a-4968-8776-655443322110';
const stored = { body: Buffer.from('webp bytes'), contentType: 'image/webp', etag: '"abc123"' };

describe('listingImageKeyOf', () => {
  it('should name the storage key when the path is one of ours', () => {
    expect(listingImageKeyOf(LISTING, `${IMAGE}.webp`)).toBe(`listings/${LISTING}/${IMAGE}.webp`);
    expect(listingImageKeyOf(LISTING, `${IMAGE}-thumb.webp`)).toBe(`listings/${LISTING}/${IMAGE}-thumb.webp`);
  });

  it.each([
    ['not-a-uuid', `${IMAGE}.webp`],
    [LISTING, `${IMAGE}.png`],
    [LISTING, '../../etc/passwd'],
    [LISTING, `${IMAGE}.webp/..`],
    [LISTING.toUpperCase(), `${IMAGE}.webp`],
  ])('should answer 404 not_found when the path is %s/%s', (listingId, file) => {
    expect(() => listingImageKeyOf(listingId, file)).toThrow(expect.objectContaining({ error: 'not_found' }));
  });
});

describe('imageAnswer', () => {
  it('should send the bytes with immutable caching and the ETag when the client has no copy', () => {
    expect(imageAnswer(stored, undefined)).toEqual({
      status: 200,
      headers: {
        'cache-control': 'public, max-age=31536000, immutable',
        etag: '"abc123"',
        'content-type': 'image/webp',
        'content-length': '10',
      },
      body: stored.body,
    });
  });

  it.each(['"abc123"', 'W/"abc123"', '"other", "abc123"', '*'])(
    'should answer 304 without a body when If-None-Match is %s',
    (header) => {
      const answer = imageAnswer(stored, header);
      expect(answer).toMatchObject({ status: 304, body: undefined });
      expect(answer.headers).toEqual({ 'cache-control': 'public, max-age=31536000, immutable', etag: '"abc123"' });
    },
  );

  it('should send the bytes when If-None-Match names another version', () => {
    expect(imageAnswer(stored, '"abc12"').status).toBe(200);
  });

  it('should answer 404 not_found when nothing is stored at the key', () => {
    expect(() => imageAnswer(null, undefined)).toThrow(AppError);
  });
});
