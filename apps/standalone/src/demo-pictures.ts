import sharp from 'sharp';
import type { ListingType } from '@app/contracts';

/** Small enough to make 64 in about two seconds; the gateway still makes its two WebP sizes. */
const WIDTH = 640;
const HEIGHT = 480;
const GROUND = 380;

/**
 * A simple, distinct picture for the `index`-th demo listing, as a PNG: a sky whose hue turns by
 * the golden angle from one listing to the next (no two alike), a sun that moves, and a drawing
 * of the property type. Drawn as SVG (shapes only: no font is needed) and rendered by sharp.
 */
export function demoPicture(type: ListingType, index: number): Promise<Buffer> {
  const hue = Math.round((index * 137.508) % 360);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="hsl(${hue},70%,72%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},60%,92%)"/>
</linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
<circle cx="${60 + ((index * 83) % (WIDTH - 120))}" cy="80" r="38" fill="hsl(45,95%,65%)"/>
<rect y="${GROUND}" width="${WIDTH}" height="${HEIGHT - GROUND}" fill="hsl(${(hue + 180) % 360},25%,55%)"/>
${BUILDINGS[type](hue, index)}
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}

const wall = (hue: number, lightness = 86) => `hsl(${(hue + 200) % 360},20%,${lightness}%)`;
const glass = (hue: number) => `hsl(${(hue + 200) % 360},45%,40%)`;
const rect = (x: number, y: number, w: number, h: number, fill: string) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}"/>`;

/** A grid of windows inside a façade. */
function windows(x: number, top: number, columns: number, rows: number, size: number, gap: number, fill: string) {
  const cells: string[] = [];
  for (let row = 0; row < rows; row++)
    for (let column = 0; column < columns; column++)
      cells.push(rect(x + gap + column * (size + gap), top + gap + row * (size + gap), size, size, fill));
  return cells.join('');
}

const BUILDINGS: Record<ListingType, (hue: number, index: number) => string> = {
  apartment: (hue, index) => {
    const floors = 3 + (index % 4);
    const top = GROUND - floors * 52 - 12;
    return rect(230, top, 180, GROUND - top, wall(hue)) + windows(230, top, 3, floors, 40, 15, glass(hue));
  },
  villa: (hue) =>
    rect(180, 250, 280, 130, wall(hue, 90)) +
    `<polygon points="160,250 320,170 480,250" fill="hsl(${(hue + 20) % 360},45%,45%)"/>` +
    rect(300, 310, 40, 70, glass(hue)) +
    [200, 250, 350, 400].map((x) => rect(x, 270, 40, 40, glass(hue))).join(''),
  land: (hue, index) =>
    Array.from({ length: 12 }, (_, post) => rect(40 + post * 50, GROUND - 40, 8, 40, wall(hue, 40))).join('') +
    rect(40, GROUND - 30, 558, 6, wall(hue, 40)) +
    `<circle cx="${150 + ((index * 61) % 340)}" cy="${GROUND - 110}" r="45" fill="hsl(120,40%,38%)"/>` +
    rect(145 + ((index * 61) % 340), GROUND - 70, 10, 70, 'hsl(30,40%,30%)'),
  shop: (hue) =>
    rect(170, 240, 300, 140, wall(hue, 88)) +
    `<polygon points="160,240 480,240 460,285 180,285" fill="hsl(${hue},70%,50%)"/>` +
    rect(195, 300, 170, 70, glass(hue)) +
    rect(385, 300, 60, 80, glass(hue)),
  office: (hue, index) => {
    const floors = 6 + (index % 3);
    const top = GROUND - floors * 38 - 10;
    return rect(250, top, 140, GROUND - top, glass(hue)) + windows(250, top, 4, floors, 25, 8, wall(hue, 80));
  },
};
