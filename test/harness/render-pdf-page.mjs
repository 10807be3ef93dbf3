// Renders page 1 of a PDF to PNG with pdf.js (unpdf) on a Skia canvas, as a reader would see it:
// `node render-pdf-page.mjs in.pdf out.png`; prints {"width","height","inked","inkedRight"} (the share
// of non-white pixels on the page and in its right half, where the Arabic is).
import { Buffer } from 'node:buffer';
import fs from 'node:fs';
import process from 'node:process';
import { renderPageAsImage } from 'unpdf';

// pdf.js calls ArrayBuffer.prototype.transferToFixedLength, new in Node 21; Node 20 lacks it.
ArrayBuffer.prototype.transferToFixedLength ??= function (length = this.byteLength) {
  const copy = new ArrayBuffer(length);
  new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
  return copy;
};

const [input, output] = process.argv.slice(2);
const png = await renderPageAsImage(new Uint8Array(fs.readFileSync(input)), 1, {
  canvasImport: () => import('@napi-rs/canvas'),
  scale: 1.5,
});
fs.writeFileSync(output, Buffer.from(png));
const { createCanvas, loadImage } = await import('@napi-rs/canvas');
const image = await loadImage(Buffer.from(png));
const canvas = createCanvas(image.width, image.height);
const context = canvas.getContext('2d');
context.drawImage(image, 0, 0);
const { data } = context.getImageData(0, 0, image.width, image.height);
let inked = 0;
let inkedRight = 0;
for (let i = 0; i < data.length; i += 4) {
  if (data[i] < 200 || data[i + 1] < 200 || data[i + 2] < 200) {
    inked += 1;
    if ((i / 4) % image.width > image.width / 2) inkedRight += 1;
  }
}
const pixels = image.width * image.height;
process.stdout.write(
  JSON.stringify({ width: image.width, height: image.height, inked: inked / pixels, inkedRight: inkedRight / pixels }),
);
