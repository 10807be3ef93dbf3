import sharp from 'sharp';
import type { OutputInfo, Sharp } from 'sharp';
import { IMAGE_DISPLAY_MAX_SIDE, IMAGE_THUMBNAIL_HEIGHT, IMAGE_THUMBNAIL_WIDTH } from '@app/contracts';
import { AppError } from '@app/errors';

/** What a listing image may be, by its decoded content (never by its name or declared type). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/** A decompression bomb (a small file of enormous dimensions) is refused before it is decoded. */
export const MAX_INPUT_PIXELS = 60_000_000;

// Buffers in, buffers out: libvips' operation cache would only hold memory here.
sharp.cache(false);

export interface ImageVariant {
  data: Buffer;
  width: number;
  height: number;
}

export interface ImageVariants {
  display: ImageVariant;
  thumbnail: ImageVariant;
}

/**
 * The display size (longest side at most 1600 px, never enlarged) and the thumbnail (480×360,
 * cropped to fill), both WebP. Turned upright by their EXIF orientation first; the output
 * carries no metadata at all (EXIF, GPS, XMP, comments): sharp writes none unless asked.
 * The upload is decoded once, to raw pixels at the display size, and both files are encoded
 * from those; WebP effort 2 instead of 4 (measured: 2.6 times faster for files 4 % larger).
 */
export async function imageVariants(input: Buffer): Promise<ImageVariants> {
  const source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  const format = await formatOf(source);
  if (!ACCEPTED_FORMATS.has(format)) throw notAnImage();
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    pixels = await source
      .rotate()
      .resize({
        width: IMAGE_DISPLAY_MAX_SIDE,
        height: IMAGE_DISPLAY_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    // The header read, the pixels did not: a truncated or corrupt file.
    throw undecodable(err);
  }
  const { width, height, channels } = pixels.info;
  const decoded = () => sharp(pixels.data, { raw: { width, height, channels } });
  const [display, thumbnail] = await Promise.all([
    decoded().webp({ quality: 82, effort: 2 }).toBuffer({ resolveWithObject: true }),
    decoded()
      .resize({ width: IMAGE_THUMBNAIL_WIDTH, height: IMAGE_THUMBNAIL_HEIGHT, fit: 'cover' })
      .webp({ quality: 75, effort: 2 })
      .toBuffer({ resolveWithObject: true }),
  ]);
  return {
    display: { data: display.data, width: display.info.width, height: display.info.height },
    thumbnail: { data: thumbnail.data, width: thumbnail.info.width, height: thumbnail.info.height },
  };
}

async function formatOf(image: Sharp): Promise<string> {
  try {
    const metadata = await image.metadata();
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) throw tooManyPixels();
    return metadata.format ?? 'unknown';
  } catch (err) {
    throw undecodable(err);
  }
}

function undecodable(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof Error && /pixel limit/i.test(err.message)) return tooManyPixels();
  return notAnImage();
}

function notAnImage(): AppError {
  return fileError(
    'file must be a JPEG, PNG or WebP image (it could not be decoded as one).',
    'a JPEG, PNG or WebP image',
  );
}

function tooManyPixels(): AppError {
  return fileError(
    `file has more than ${MAX_INPUT_PIXELS / 1_000_000} million pixels.`,
    `at most ${MAX_INPUT_PIXELS} pixels`,
  );
}

function fileError(message: string, expected: string): AppError {
  return new AppError('validation_error', message, {
    field: 'file',
    details: { fields: [{ field: 'file', expected }] },
  });
}
