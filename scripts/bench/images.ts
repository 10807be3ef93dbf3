import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { imageVariants } from '../../apps/gateway/src/media/images/image-variants';
import { runLoad } from './load';
import { startStandalone } from './platforms';

/**
 * `npm run bench:images`: what listing images cost. (1) Making the display size and thumbnail
 * of phone photos (12 and 48 megapixels) in this process: median time and peak memory.
 * (2) Through `npm start`: sequential uploads of a 12 MP photo, then the image route under load
 * (local disk), fresh and with a matching If-None-Match (304).
 */
const ROUNDS = 7;
const UPLOADS = 20;

/** A photo-like JPEG: smooth shapes plus grain, so it compresses like a camera's. */
async function photo(width: number, height: number): Promise<Buffer> {
  const small = Buffer.alloc(64 * 48 * 3);
  for (let i = 0; i < small.length; i++) small[i] = (i * 2654435761) >>> 24;
  return sharp(small, { raw: { width: 64, height: 48, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .blur(3)
    .composite([{ input: grain(width, height), raw: { width, height, channels: 1 }, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

function grain(width: number, height: number): Buffer {
  const noise = Buffer.alloc(width * height);
  let seed = 42;
  for (let i = 0; i < noise.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    noise[i] = 118 + (seed >>> 28);
  }
  return noise;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function processing(): Promise<void> {
  for (const [width, height] of [
    [4032, 3024],
    [8064, 6048],
  ]) {
    const input = await photo(width, height);
    const times: number[] = [];
    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 2);
    let sizes = '';
    for (let round = 0; round < ROUNDS; round++) {
      const started = performance.now();
      const out = await imageVariants(input);
      times.push(performance.now() - started);
      sizes = `display ${out.display.width}×${out.display.height} ${kb(out.display.data)}, thumbnail ${kb(out.thumbnail.data)}`;
    }
    clearInterval(sampler);
    process.stdout.write(
      `${width}×${height} JPEG ${kb(input)} → ${sizes}: median ${median(times).toFixed(0)} ms ` +
        `(min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}), peak RSS ${mb(peakRss)}\n`,
    );
  }
}

async function throughPlatform(): Promise<void> {
  const platform = await startStandalone();
  try {
    const auth = { authorization: `Bearer ${await platform.apiKey()}` };
    const created = await fetch(`${platform.baseUrl}/v1/listings`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ property_type: 'apartment' }),
    });
    const listing = (await created.json()) as { id: string };
    const input = await photo(4032, 3024);
    const times: number[] = [];
    let url = '';
    for (let i = 0; i < UPLOADS; i++) {
      const form = new FormData();
      form.append('file', new Blob([input], { type: 'image/jpeg' }), 'photo.jpg');
      const started = performance.now();
      const res = await fetch(`${platform.baseUrl}/v1/listings/${listing.id}/images`, {
        method: 'POST',
        headers: auth,
        body: form,
      });
      times.push(performance.now() - started);
      if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
      url = ((await res.json()) as { url: string }).url;
    }
    process.stdout.write(
      `upload of a 12 MP JPEG (${kb(input)}), ${UPLOADS} in a row: median ${median(times).toFixed(0)} ms ` +
        `(min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)})\n`,
    );
    const path = new URL(url).pathname;
    const first = await fetch(`${platform.baseUrl}${path}`);
    const etag = first.headers.get('etag') ?? '';
    for (const [label, headers] of [
      ['image route, 200 from local disk', {}],
      ['image route, 304 (If-None-Match)', { 'if-none-match': etag }],
    ] as const) {
      const load = await runLoad(
        platform.baseUrl,
        { method: 'GET', paths: [path], headers },
        { durationS: 10, connections: 20 },
      );
      process.stdout.write(
        `${label}: ${load.requestsPerSecond} requests/s, p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms, statuses ${JSON.stringify(load.statusCodes)}\n`,
      );
    }
  } finally {
    await platform.stop();
  }
}

function kb(buffer: Buffer): string {
  return `${Math.round(buffer.length / 1024)} KiB`;
}

function mb(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MiB`;
}

async function main(): Promise<void> {
  process.stdout.write(`Node ${process.version}, sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}\n`);
  await processing();
  if (!process.argv.includes('--processing-only')) await throughPlatform();
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
