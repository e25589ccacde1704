/**
 * The catalogue's pictures, drawn by the project itself: each seed product becomes 2–4 WebP
 * pictures (front, back, a fabric close-up and the garment folded) of a shirt, T-shirt or pair of
 * pants in the product's colours and pattern. They are SVG drawings rendered with sharp, so the
 * shop needs no downloaded images and no fonts, and the same product always gives the same bytes.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { GarmentLook, SeedProduct } from './seed-types';

export const IMAGE_SIZE = { width: 800, height: 1000 } as const;
export const VIEWS = ['front', 'back', 'detail', 'folded'] as const;
export type View = (typeof VIEWS)[number];

type Garment = 'shirt' | 'tee' | 'polo' | 'pants';

function garmentOf(product: SeedProduct): Garment {
  if (product.category === 'PANTS') return 'pants';
  if (product.category === 'SHIRTS') return 'shirt';
  return /\bpolo\b/i.test(product.name.replace(/U\.S\. Polo Assn\./i, '')) ? 'polo' : 'tee';
}

// ---------------------------------------------------------------------------------------------
// Colours

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Mixes a colour toward black (amount < 0) or white (amount > 0). */
function tint(hex: string, amount: number): string {
  const target = amount < 0 ? 0 : 255;
  const t = Math.abs(amount);
  return `#${rgb(hex)
    .map((c) => Math.round(c + (target - c) * t))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;
}

function isLight(hex: string): boolean {
  const [r, g, b] = rgb(hex);
  return 0.299 * r + 0.587 * g + 0.114 * b > 160;
}

// ---------------------------------------------------------------------------------------------
// Fabric: an SVG pattern per look, at a given scale (the close-up uses a larger one).

function fabric(id: string, look: GarmentLook, scale: number): string {
  const { base, accent } = look;
  const s = (n: number) => +(n * scale).toFixed(2);
  const tile = (size: number, body: string) =>
    `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${s(size)}" height="${s(size)}">` +
    `<rect width="${s(size)}" height="${s(size)}" fill="${base}"/>${body}</pattern>`;
  switch (look.pattern) {
    case 'stripes':
      return tile(30, `<rect x="${s(4)}" width="${s(8)}" height="${s(30)}" fill="${accent}" opacity="0.9"/>`);
    case 'checks':
      return tile(
        48,
        `<rect width="${s(20)}" height="${s(48)}" fill="${accent}" opacity="0.45"/>` +
          `<rect width="${s(48)}" height="${s(20)}" fill="${accent}" opacity="0.45"/>` +
          `<rect x="${s(32)}" width="${s(3)}" height="${s(48)}" fill="${tint(accent, -0.3)}" opacity="0.5"/>` +
          `<rect y="${s(32)}" width="${s(48)}" height="${s(3)}" fill="${tint(accent, -0.3)}" opacity="0.5"/>`,
      );
    case 'print':
      return tile(
        56,
        `<path d="M${s(14)} ${s(6)} l${s(8)} ${s(8)} l${s(-8)} ${s(8)} l${s(-8)} ${s(-8)} Z" fill="${accent}"/>` +
          `<circle cx="${s(42)}" cy="${s(40)}" r="${s(5)}" fill="${accent}" opacity="0.85"/>` +
          `<circle cx="${s(42)}" cy="${s(40)}" r="${s(2)}" fill="${base}"/>`,
      );
    case 'denim':
      return tile(
        12,
        `<path d="M0 ${s(12)} L${s(12)} 0" stroke="${tint(base, 0.28)}" stroke-width="${s(2.4)}"/>` +
          `<path d="M${s(-6)} ${s(6)} L${s(6)} ${s(-6)} M${s(6)} ${s(18)} L${s(18)} ${s(6)}" stroke="${tint(base, -0.2)}" stroke-width="${s(1.6)}"/>`,
      );
    case 'twill':
      return tile(10, `<path d="M0 ${s(10)} L${s(10)} 0" stroke="${tint(base, -0.12)}" stroke-width="${s(2)}"/>`);
    case 'solid':
    default:
      // A faint weave so a plain fabric still reads as cloth.
      return tile(8, `<path d="M0 ${s(4)} H${s(8)}" stroke="${tint(base, isLight(base) ? -0.05 : 0.06)}" stroke-width="${s(1)}"/>`);
  }
}

// ---------------------------------------------------------------------------------------------
// Garment outlines, drawn on an 800 × 1000 canvas.

const mirror = (d: string) =>
  d.replace(/(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)/g, (_, x: string, y: string) => `${800 - Number(x)} ${y}`);

const SHAPES = {
  shirtBody: 'M330 150 L246 186 L244 380 L248 810 Q400 842 552 810 L556 380 L554 186 L470 150 Q400 182 330 150 Z',
  shirtSleeve: 'M250 185 L204 204 L120 680 L206 698 L262 392 Z',
  shirtCuff: 'M124 652 L211 670 L206 698 L120 680 Z',
  teeBody: 'M318 160 L245 192 L247 360 L252 862 Q400 884 548 862 L553 360 L555 192 L482 160 Q400 222 318 160 Z',
  teeSleeve: 'M245 192 L190 216 L128 392 L224 428 L250 345 Z',
  pantsLegs: 'M272 168 L258 888 L388 888 L400 372 L412 888 L542 888 L528 168 Z',
} as const;

interface Paint {
  fill: string;
  stroke: string;
  shade: string;
}

function part(d: string, paint: Paint, extra = ''): string {
  return (
    `<path d="${d}" fill="${paint.fill}" stroke="${paint.stroke}" stroke-width="3" stroke-linejoin="round" ${extra}/>` +
    `<path d="${d}" fill="${paint.shade}"/>`
  );
}

function buttons(xs: number[], ys: number[], colour: string, edge: string, r = 7): string {
  return xs
    .flatMap((x) => ys.map((y) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${colour}" stroke="${edge}" stroke-width="1.5"/>`))
    .join('');
}

function shirt(view: 'front' | 'back', paint: Paint, look: GarmentLook): string {
  const edge = tint(look.base, -0.45);
  const button = isLight(look.base) ? '#f7f4ee' : tint(look.base, 0.55);
  let svg =
    part(SHAPES.shirtSleeve, paint) +
    part(mirror(SHAPES.shirtSleeve), paint) +
    part(SHAPES.shirtCuff, paint) +
    part(mirror(SHAPES.shirtCuff), paint) +
    part(SHAPES.shirtBody, paint);
  if (view === 'front') {
    svg +=
      `<rect x="390" y="182" width="20" height="644" fill="${paint.fill}" stroke="${edge}" stroke-width="2"/>` +
      buttons([400], [250, 340, 430, 520, 610, 700, 785], button, edge) +
      `<path d="M286 300 h68 v74 l-34 12 l-34 -12 Z" fill="none" stroke="${edge}" stroke-width="2" stroke-dasharray="6 4"/>` +
      part('M330 150 L400 200 L368 238 L314 170 Z', paint) +
      part(mirror('M330 150 L400 200 L368 238 L314 170 Z'), paint);
  } else {
    svg +=
      `<path d="M252 262 Q400 290 548 262" fill="none" stroke="${edge}" stroke-width="2.5"/>` +
      `<path d="M385 262 L392 300 M415 262 L408 300" stroke="${edge}" stroke-width="2"/>` +
      part('M330 150 Q400 128 470 150 Q400 178 330 150 Z', paint);
  }
  return svg;
}

function tee(view: 'front' | 'back', paint: Paint, look: GarmentLook, polo: boolean): string {
  const edge = tint(look.base, -0.45);
  const rib = look.pattern === 'solid' ? tint(look.accent, 0) : tint(look.base, -0.15);
  let svg = part(SHAPES.teeSleeve, paint) + part(mirror(SHAPES.teeSleeve), paint) + part(SHAPES.teeBody, paint);
  svg +=
    `<path d="M132 380 L226 414" stroke="${rib}" stroke-width="10"/>` +
    `<path d="${mirror('M132 380 L226 414')}" stroke="${rib}" stroke-width="10"/>`;
  if (polo && view === 'front') {
    svg +=
      `<rect x="386" y="188" width="28" height="130" fill="${paint.fill}" stroke="${edge}" stroke-width="2"/>` +
      buttons([400], [222, 262, 302], isLight(look.base) ? '#f7f4ee' : tint(look.base, 0.55), edge, 6) +
      part('M318 160 L398 196 L372 236 L300 190 Z', { ...paint, fill: rib }) +
      part(mirror('M318 160 L398 196 L372 236 L300 190 Z'), { ...paint, fill: rib });
  } else if (view === 'front') {
    svg += `<path d="M318 160 Q400 222 482 160" fill="none" stroke="${rib}" stroke-width="14" stroke-linecap="round"/>`;
  } else {
    svg += `<path d="M318 160 Q400 182 482 160" fill="none" stroke="${rib}" stroke-width="14" stroke-linecap="round"/>`;
  }
  return svg;
}

function pants(view: 'front' | 'back', paint: Paint, look: GarmentLook): string {
  const denim = look.pattern === 'denim';
  const thread = denim ? '#d9a04a' : tint(look.base, -0.4);
  const stitch = `fill="none" stroke="${thread}" stroke-width="2.5" stroke-dasharray="7 5"`;
  let svg =
    part(SHAPES.pantsLegs, paint) +
    part('M268 118 H532 V170 H268 Z', { ...paint, fill: tint(paint.fill === 'none' ? look.base : look.base, -0.08) }) +
    `<path d="M268 118 H532 V170 H268 Z" fill="url(#weave)" opacity="0.9"/>` +
    [300, 360, 440, 500]
      .map((x) => `<rect x="${x - 6}" y="112" width="12" height="64" rx="3" fill="${tint(look.base, -0.1)}" stroke="${tint(look.base, -0.45)}" stroke-width="2"/>`)
      .join('') +
    `<path d="M262 860 H386 M414 860 H538" ${stitch}/>`;
  if (view === 'front') {
    svg +=
      `<path d="M400 172 L400 300 Q398 330 376 338" ${stitch}/>` +
      `<path d="M282 176 Q298 252 352 262" ${stitch}/>` +
      `<path d="${mirror('M282 176 Q298 252 352 262')}" ${stitch}/>` +
      `<circle cx="400" cy="144" r="9" fill="${denim ? '#c9a25a' : tint(look.base, -0.3)}" stroke="${tint(look.base, -0.5)}" stroke-width="2"/>`;
    if (denim) svg += `<circle cx="352" cy="258" r="4" fill="#c9a25a"/><circle cx="448" cy="258" r="4" fill="#c9a25a"/>`;
  } else {
    svg +=
      `<path d="M272 232 Q400 262 528 232" ${stitch}/>` +
      `<path d="M300 270 H372 V350 L336 366 L300 350 Z" fill="none" stroke="${thread}" stroke-width="2.5" stroke-dasharray="7 5"/>` +
      `<path d="${mirror('M300 270 H372 V350 L336 366 L300 350 Z')}" fill="none" stroke="${thread}" stroke-width="2.5" stroke-dasharray="7 5"/>` +
      `<path d="M400 172 V372" stroke="${tint(look.base, -0.4)}" stroke-width="2.5"/>`;
  }
  return svg;
}

function folded(garment: Garment, paint: Paint, look: GarmentLook): string {
  const edge = tint(look.base, -0.45);
  const body = 'M230 330 H570 Q582 330 582 342 V720 Q582 732 570 732 H230 Q218 732 218 720 V342 Q218 330 230 330 Z';
  let svg = part(body, paint);
  // A lighter band across the fold gives the stack some depth.
  svg += `<path d="M218 640 H582" stroke="${tint(look.base, -0.35)}" stroke-width="2"/>`;
  svg += `<path d="M218 650 H582 V720 Q582 732 570 732 H230 Q218 732 218 720 Z" fill="#000" opacity="0.06"/>`;
  if (garment === 'shirt') {
    svg +=
      `<rect x="390" y="340" width="20" height="380" fill="${paint.fill}" stroke="${edge}" stroke-width="2"/>` +
      buttons([400], [420, 510, 600, 690], isLight(look.base) ? '#f7f4ee' : tint(look.base, 0.55), edge) +
      part('M330 330 Q400 300 470 330 L400 380 Z', paint) +
      part('M330 330 L400 380 L372 410 L316 348 Z', paint) +
      part(mirror('M330 330 L400 380 L372 410 L316 348 Z'), paint);
  } else if (garment === 'pants') {
    svg +=
      part('M218 330 H582 V380 H218 Z', paint) +
      [270, 400, 530].map((x) => `<rect x="${x - 6}" y="326" width="12" height="58" rx="3" fill="${tint(look.base, -0.1)}" stroke="${edge}" stroke-width="2"/>`).join('') +
      `<path d="M218 392 H582" stroke="${look.pattern === 'denim' ? '#d9a04a' : edge}" stroke-width="2.5" stroke-dasharray="7 5"/>`;
  } else {
    const rib = look.pattern === 'solid' ? look.accent : tint(look.base, -0.15);
    svg += `<path d="M320 332 Q400 392 480 332" fill="none" stroke="${rib}" stroke-width="14" stroke-linecap="round"/>`;
  }
  return svg;
}

function detail(garment: Garment, look: GarmentLook): string {
  const edge = tint(look.base, -0.45);
  const thread = look.pattern === 'denim' ? '#d9a04a' : edge;
  let svg =
    `<rect width="800" height="1000" fill="url(#closeup)"/>` +
    // Light falling from the top left, and a seam across the cloth.
    `<rect width="800" height="1000" fill="url(#light)"/>` +
    `<path d="M0 640 Q400 600 800 660" fill="none" stroke="${tint(look.base, -0.35)}" stroke-width="5"/>` +
    `<path d="M0 666 Q400 626 800 686" fill="none" stroke="${thread}" stroke-width="4" stroke-dasharray="14 9"/>` +
    // A woven label.
    `<rect x="470" y="150" width="210" height="92" rx="6" fill="${look.accent}" stroke="${tint(look.accent, -0.35)}" stroke-width="3"/>` +
    `<path d="M500 184 H650 M500 208 H620" stroke="${isLight(look.accent) ? '#3b3b3b' : '#f4efe8'}" stroke-width="6" stroke-linecap="round" opacity="0.7"/>`;
  if (garment === 'pants') {
    svg +=
      `<circle cx="260" cy="420" r="46" fill="${look.pattern === 'denim' ? '#c9a25a' : tint(look.base, -0.3)}" stroke="${tint(look.base, -0.55)}" stroke-width="5"/>` +
      `<circle cx="260" cy="420" r="20" fill="none" stroke="${tint(look.base, -0.6)}" stroke-width="4"/>`;
  } else {
    const button = isLight(look.base) ? '#f7f4ee' : tint(look.base, 0.55);
    svg +=
      `<circle cx="260" cy="420" r="54" fill="${button}" stroke="${edge}" stroke-width="4"/>` +
      [-14, 14].flatMap((dx) => [-14, 14].map((dy) => `<circle cx="${260 + dx}" cy="${420 + dy}" r="7" fill="${edge}"/>`)).join('') +
      `<path d="M246 406 L274 434 M274 406 L246 434" stroke="${thread}" stroke-width="3"/>`;
  }
  return svg;
}

/** The SVG source of one picture; its hash names the file, so a new drawing gets a new URL. */
export function productSvg(product: SeedProduct, view: View): string {
  const { look } = product;
  const garment = garmentOf(product);
  const paint: Paint = { fill: 'url(#weave)', stroke: tint(look.base, -0.45), shade: 'url(#shade)' };
  const defs =
    fabric('weave', look, 1) +
    fabric('closeup', look, 3.2) +
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6f2ec"/><stop offset="1" stop-color="#e7dfd3"/></linearGradient>` +
    `<linearGradient id="shade" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.16"/><stop offset="0.55" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.2"/></linearGradient>` +
    `<linearGradient id="light" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.22"/><stop offset="1" stop-color="#000" stop-opacity="0.28"/></linearGradient>` +
    `<radialGradient id="floor" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#000" stop-opacity="0.18"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`;

  let body: string;
  if (view === 'detail') {
    body = detail(garment, look);
  } else if (view === 'folded') {
    body = `<ellipse cx="400" cy="760" rx="260" ry="34" fill="url(#floor)"/>` + folded(garment, paint, look);
  } else {
    const drawn = garment === 'pants' ? pants(view, paint, look) : garment === 'shirt' ? shirt(view, paint, look) : tee(view, paint, look, garment === 'polo');
    body = `<ellipse cx="400" cy="915" rx="250" ry="30" fill="url(#floor)"/>` + drawn;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIZE.width}" height="${IMAGE_SIZE.height}" viewBox="0 0 800 1000">` +
    `<defs>${defs}</defs><rect width="800" height="1000" fill="url(#bg)"/>${body}</svg>`
  );
}

function viewsOf(product: SeedProduct): View[] {
  return VIEWS.slice(0, product.imageCount);
}

async function toWebp(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality: 78, effort: 2 }).toBuffer();
}

export async function renderProductImages(product: SeedProduct): Promise<{ view: View; webp: Buffer }[]> {
  return Promise.all(viewsOf(product).map(async (view) => ({ view, webp: await toWebp(productSvg(product, view)) })));
}

/**
 * Writes the product's pictures into `<uploadsDir>/products/` and returns their URL paths.
 * Names carry a hash of the drawing, so files are immutable (served with a one-year cache) and a
 * file already on disk is not drawn again.
 */
export async function writeProductImages(product: SeedProduct, uploadsDir: string): Promise<string[]> {
  const dir = path.join(uploadsDir, 'products');
  await fs.mkdir(dir, { recursive: true });
  return Promise.all(
    viewsOf(product).map(async (view) => {
      const svg = productSvg(product, view);
      const hash = crypto.createHash('sha256').update(svg).digest('hex').slice(0, 10);
      const name = `${product.key}-${view}-${hash}.webp`;
      const file = path.join(dir, name);
      const exists = await fs.access(file).then(
        () => true,
        () => false,
      );
      if (!exists) {
        // Write then rename, so a crash never leaves half a picture under its final name.
        const partial = `${file}.${process.pid}.tmp`;
        await fs.writeFile(partial, await toWebp(svg));
        await fs.rename(partial, file);
      }
      return `/uploads/products/${name}`;
    }),
  );
}
