import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { PICTURE_WIDTHS, pictureName } from '@vastra/shared/pictures/picture-widths';
import type { FileStore } from '../../providers/storage/file-store';
import type { GarmentLook, SeedProduct } from './seed-types';

/**
 * Draws each seed product as real pictures: an SVG per view, rendered to WebP with sharp.
 * Deterministic (same product → same bytes), no fonts, no external assets.
 *
 * Speed note (librsvg): a <pattern> is only fast when nothing transforms it — no patternTransform,
 * no scaled ancestor, no viewBox zoom, integer tile sizes (otherwise 0.3–0.9 s per picture instead of
 * ~10 ms). So fabric textures are integer patterns painted through clip-paths (clip-paths may be
 * transformed), stripes and checks are explicit geometry (free to rotate on sleeves), and soft
 * shading uses gradients and layered strokes instead of blur filters.
 */

const IMAGE_WIDTH = 800;
const IMAGE_HEIGHT = 1000;
export const IMAGE_SIZE = { width: IMAGE_WIDTH, height: IMAGE_HEIGHT } as const;
export const VIEWS = ['front', 'back', 'detail', 'folded'] as const;
type View = (typeof VIEWS)[number];
/** Aliases kept for readers of either name. */
const IMAGE_VIEWS = VIEWS;
type ImageView = View;

const WEBP_OPTIONS = { quality: 72, effort: 2 } as const;
/** Bump when the drawing or encoding changes in a way the SVG text alone would not show. */
const RENDERER_VERSION = 1;

const W = IMAGE_WIDTH;
const H = IMAGE_HEIGHT;

// ── Colours ──────────────────────────────────────────────────────────────────────────────────

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m?.[1]) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const n = Number.parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

const darken = (c: string, t: number) => mix(c, '#000000', t);
const lighten = (c: string, t: number) => mix(c, '#ffffff', t);

function luminance(c: string): number {
  const [r, g, b] = parseHex(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

// ── Small helpers ────────────────────────────────────────────────────────────────────────────

/** Rounds to one decimal so the SVG text (and its hash) is stable. */
const n1 = (v: number) => String(Math.round(v * 10) / 10);

/** Mirrors a path of absolute M/L/C/Q/Z commands (coordinate pairs only) about x = 400. */
function mir(d: string): string {
  let i = 0;
  return d.replace(/-?\d+(?:\.\d+)?/g, (num) => (i++ % 2 === 0 ? n1(W - Number(num)) : num));
}

/** Moves a path of absolute pair commands. */
function shift(d: string, dx: number, dy: number): string {
  let i = 0;
  return d.replace(/-?\d+(?:\.\d+)?/g, (num) => n1(Number(num) + (i++ % 2 === 0 ? dx : dy)));
}

function seededRandom(seed: string): () => number {
  let a = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const stitch = (d: string, colour: string, width = 1.3) =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-dasharray="${n1(width * 4)} ${n1(width * 2.4)}" stroke-linecap="round" stroke-opacity=".9"/>`;

const line = (d: string, colour: string, width: number, opacity = 1) =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-opacity="${opacity}" stroke-linecap="round" stroke-linejoin="round"/>`;

/** A soft fold: layered translucent strokes instead of a (slow) blur filter. */
function crease(d: string, strength = 1): string {
  const s = (w: number, o: number, c: string) =>
    `<path d="${d}" fill="none" stroke="${c}" stroke-width="${w}" stroke-opacity="${Math.round(o * strength * 1000) / 1000}" stroke-linecap="round"/>`;
  return (
    s(26, 0.035, '#000') +
    s(14, 0.05, '#000') +
    s(5, 0.06, '#000') +
    `<g transform="translate(7 0)">${s(8, 0.06, '#fff')}</g>`
  );
}

function button(cx: number, cy: number, r: number, fill: string, edge: string): string {
  const h = r * 0.32;
  return (
    `<circle cx="${n1(cx + 0.8)}" cy="${n1(cy + 1.2)}" r="${n1(r)}" fill="#000" fill-opacity=".18"/>` +
    `<circle cx="${n1(cx)}" cy="${n1(cy)}" r="${n1(r)}" fill="${fill}" stroke="${edge}" stroke-width="${n1(r * 0.14)}"/>` +
    `<circle cx="${n1(cx)}" cy="${n1(cy)}" r="${n1(r * 0.72)}" fill="none" stroke="${edge}" stroke-opacity=".35" stroke-width="${n1(r * 0.1)}"/>` +
    [
      [-h, -h],
      [h, -h],
      [-h, h],
      [h, h],
    ]
      .map(
        ([dx = 0, dy = 0]) =>
          `<circle cx="${n1(cx + dx)}" cy="${n1(cy + dy)}" r="${n1(r * 0.13)}" fill="${edge}"/>`,
      )
      .join('') +
    `<circle cx="${n1(cx - r * 0.35)}" cy="${n1(cy - r * 0.4)}" r="${n1(r * 0.22)}" fill="#fff" fill-opacity=".45"/>`
  );
}

function rivet(cx: number, cy: number, r = 4.5): string {
  return (
    `<circle cx="${n1(cx)}" cy="${n1(cy)}" r="${n1(r)}" fill="#9c7a45" stroke="#5e4624" stroke-width=".8"/>` +
    `<circle cx="${n1(cx - r * 0.3)}" cy="${n1(cy - r * 0.3)}" r="${n1(r * 0.35)}" fill="#f3dcae" fill-opacity=".8"/>`
  );
}

/** Letter-like bars standing in for a printed word (no fonts on purpose). */
function wordmark(
  x: number,
  y: number,
  width: number,
  height: number,
  colour: string,
  rnd: () => number,
): string {
  let out = '';
  let cx = x;
  while (cx < x + width - height * 0.4) {
    const w = Math.min(height * (0.45 + rnd() * 0.5), x + width - cx);
    out += `<rect x="${n1(cx)}" y="${n1(y)}" width="${n1(w)}" height="${n1(height)}" rx="${n1(height * 0.18)}" fill="${colour}"/>`;
    cx += w + height * (rnd() < 0.18 ? 0.7 : 0.22);
  }
  return out;
}

// ── What to draw ─────────────────────────────────────────────────────────────────────────────

type Kind = 'shirt' | 'tee' | 'polo' | 'pants';

interface Spec {
  kind: Kind;
  look: GarmentLook;
  text: string;
  brand: SeedProduct['subCategory'];
  shortSleeve: boolean;
  cuban: boolean;
  oversized: boolean;
  jeans: boolean;
  cargo: boolean;
  pleated: boolean;
  formal: boolean;
  fit: 'skinny' | 'slim' | 'straight' | 'relaxed';
  pockets: 'none' | 'one' | 'two-flap';
  tipped: boolean;
  rnd: () => number;
}

function specFor(p: SeedProduct): Spec {
  const text = `${p.name} ${p.description}`.toLowerCase();
  const name = p.name.toLowerCase();
  const kind: Kind =
    p.category === 'PANTS'
      ? 'pants'
      : p.category === 'SHIRTS'
        ? 'shirt'
        : /polo/.test(name)
          ? 'polo'
          : 'tee';
  const rnd = seededRandom(p.key);
  const cuban = kind === 'shirt' && /cuban/.test(name);
  return {
    kind,
    look: p.look,
    text,
    brand: p.subCategory,
    shortSleeve: kind === 'shirt' && /short sleeve|half sleeve|cuban/.test(name),
    cuban,
    oversized: kind === 'tee' && /oversized|drop-shoulder/.test(name),
    jeans: kind === 'pants' && p.look.pattern === 'denim',
    cargo: kind === 'pants' && /cargo/.test(name),
    pleated: kind === 'pants' && /pleat/.test(name),
    formal: /formal|trouser/.test(name),
    fit: /skinny/.test(name)
      ? 'skinny'
      : /relaxed|korean|wide|cargo/.test(name)
        ? 'relaxed'
        : /straight|regular/.test(name)
          ? 'straight'
          : 'slim',
    pockets:
      kind !== 'shirt' || cuban || /print/.test(name)
        ? 'none'
        : p.look.pattern === 'denim' || /flannel/.test(name)
          ? 'two-flap'
          : 'one',
    tipped: kind === 'polo' && (/tipp/.test(text) || p.subCategory === 'TOMMY HILFIGER'),
    rnd,
  };
}

interface Palette {
  base: string;
  accent: string;
  outline: string;
  inside: string;
  rib: string;
  stitch: string;
  button: string;
  buttonEdge: string;
}

function paletteFor(s: Spec): Palette {
  const { base, accent } = s.look;
  const lum = luminance(base);
  const tonal = lum > 0.55 ? darken(base, 0.3) : lighten(base, 0.3);
  return {
    base,
    accent,
    outline: darken(base, lum < 0.15 ? 0.5 : 0.38),
    inside: darken(base, 0.42),
    rib: darken(base, 0.05),
    stitch: s.look.pattern === 'denim' ? accent : tonal,
    button:
      s.kind === 'pants'
        ? s.jeans
          ? '#b08d57'
          : darken(base, 0.25)
        : s.kind === 'polo'
          ? lighten(base, 0.18)
          : s.look.pattern === 'denim'
            ? '#8b7355'
            : '#f1ede4',
    buttonEdge:
      s.kind === 'shirt' && s.look.pattern !== 'denim'
        ? darken(mix(base, '#d8d2c4', 0.5), 0.35)
        : darken(base, 0.55),
  };
}

/** One piece of cloth: clipped fabric fill, texture, shading and an outline. */
interface Part {
  d: string;
  /** Fabric of the piece. */
  fabric?: 'main' | 'rib' | 'inside' | 'plain';
  /** Rotation (degrees) of stripes/checks on this piece, about `pivot`. */
  rot?: number;
  pivot?: [number, number];
  /** Extra drawing clipped to the piece (garment coordinates). */
  extra?: string;
  /** Like `extra`, but added after the garment is stretched to its proportions (prints). */
  extraFixed?: string;
  /** Clip this piece to another one too (index into the parts list). */
  within?: number;
  shade?: boolean;
  outline?: boolean;
}

interface Drawing {
  parts: Part[];
  /** Drawn over all pieces: buttons, rivets, labels. */
  over: string;
  /** Outline of the whole garment, for its shadow. */
  silhouette: string[];
}

// ── Fabric: designs (explicit geometry) and textures (integer patterns) ─────────────────────

function stripeGeometry(s: Spec): { period: number; width: number; horizontal: boolean } {
  const fine = /pinstripe|fine .{0,12}stripe/.test(s.text);
  const bold = /breton|bold .{0,12}stripe|global stripe/.test(s.text);
  const horizontal = s.kind === 'tee' || s.kind === 'polo';
  if (fine) return { period: horizontal ? 14 : 16, width: horizontal ? 3 : 2.5, horizontal };
  if (bold)
    return {
      period: /global/.test(s.text) ? 60 : 42,
      width: /global/.test(s.text) ? 22 : 13,
      horizontal,
    };
  if (horizontal) return { period: s.oversized ? 52 : 34, width: s.oversized ? 16 : 9, horizontal };
  return { period: 20, width: 5, horizontal };
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Bounding box of a path's points (control points included: a safe over-estimate). */
function pathBox(d: string): Box {
  const nums = (d.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
  const box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  for (let i = 0; i + 1 < nums.length; i += 2) {
    const x = nums[i] ?? 0;
    const y = nums[i + 1] ?? 0;
    box.x0 = Math.min(box.x0, x);
    box.x1 = Math.max(box.x1, x);
    box.y0 = Math.min(box.y0, y);
    box.y1 = Math.max(box.y1, y);
  }
  return box;
}

/** The box, seen in a frame rotated by `deg` about `pivot` (so rotated stripes cover it). */
function rotatedBox(b: Box, deg: number, [px, py]: [number, number]): Box {
  const a = (-deg * Math.PI) / 180;
  const pts = [
    [b.x0, b.y0],
    [b.x1, b.y0],
    [b.x0, b.y1],
    [b.x1, b.y1],
  ].map(([x = 0, y = 0]) => [
    px + (x - px) * Math.cos(a) - (y - py) * Math.sin(a),
    py + (x - px) * Math.sin(a) + (y - py) * Math.cos(a),
  ]);
  const xs = pts.map((q) => q[0] ?? 0);
  const ys = pts.map((q) => q[1] ?? 0);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

/** Stripes or checks (garment coordinates) covering the box only: geometry outside costs time. */
function designGeometry(s: Spec, p: Palette, box: Box): string {
  const x0 = Math.floor(box.x0 - 4);
  const x1 = Math.ceil(box.x1 + 4);
  const y0 = Math.floor(box.y0 - 4);
  const y1 = Math.ceil(box.y1 + 4);
  const bands = (period: number, width: number, offset: number, horizontal: boolean) => {
    const lo = horizontal ? y0 : x0;
    const hi = horizontal ? y1 : x1;
    let d = '';
    for (
      let v = offset + Math.floor((lo - offset - width) / period) * period;
      v < hi;
      v += period
    ) {
      d += horizontal
        ? `M${x0} ${n1(v)}H${x1}V${n1(v + width)}H${x0}Z`
        : `M${n1(v)} ${y0}V${y1}H${n1(v + width)}V${y0}Z`;
    }
    return d;
  };
  if (s.look.pattern === 'stripes') {
    const g = stripeGeometry(s);
    return `<path d="${bands(g.period, g.width, 0, g.horizontal)}" fill="${p.accent}"/>`;
  }
  if (s.look.pattern === 'checks') {
    if (/gingham/.test(s.text)) {
      const b = bands(24, 12, 0, true);
      const v = bands(24, 12, 0, false);
      return `<path d="${b}" fill="${p.accent}" fill-opacity=".5"/><path d="${v}" fill="${p.accent}" fill-opacity=".5"/>`;
    }
    if (/tartan|flannel/.test(s.text)) {
      const thin = lighten(mix(p.accent, p.base, 0.3), 0.6);
      return (
        `<path d="${bands(84, 30, 0, true)}" fill="${p.accent}" fill-opacity=".62"/>` +
        `<path d="${bands(84, 30, 0, false)}" fill="${p.accent}" fill-opacity=".62"/>` +
        `<path d="${bands(84, 6, 12, true)}" fill="${darken(p.base, 0.35)}" fill-opacity=".5"/>` +
        `<path d="${bands(84, 6, 12, false)}" fill="${darken(p.base, 0.35)}" fill-opacity=".5"/>` +
        `<path d="${bands(84, 2.5, 58, true)}" fill="${thin}"/>` +
        `<path d="${bands(84, 2.5, 58, false)}" fill="${thin}"/>`
      );
    }
    return (
      `<path d="${bands(46, 13, 0, true)}" fill="${p.accent}" fill-opacity=".72"/>` +
      `<path d="${bands(46, 13, 0, false)}" fill="${p.accent}" fill-opacity=".72"/>` +
      `<path d="${bands(46, 2, 29, true)}" fill="${p.accent}" fill-opacity=".9"/>` +
      `<path d="${bands(46, 2, 29, false)}" fill="${p.accent}" fill-opacity=".9"/>`
    );
  }
  return '';
}

/** An all-over print tile for shirts (integer tile size; content scaled inside the tile). */
function printTile(s: Spec, p: Palette): { size: number; body: string } {
  const a = p.accent;
  const leaf = mix(a, p.base, 0.45);
  if (/floral/.test(s.text)) {
    const flower = (x: number, y: number, r: number) =>
      [0, 72, 144, 216, 288]
        .map(
          (deg) =>
            `<ellipse cx="${n1(x + Math.cos((deg * Math.PI) / 180) * r)}" cy="${n1(y + Math.sin((deg * Math.PI) / 180) * r)}" rx="${n1(r * 0.95)}" ry="${n1(r * 0.6)}" transform="rotate(${deg} ${n1(x + Math.cos((deg * Math.PI) / 180) * r)} ${n1(y + Math.sin((deg * Math.PI) / 180) * r)})" fill="${a}"/>`,
        )
        .join('') + `<circle cx="${x}" cy="${y}" r="${n1(r * 0.55)}" fill="${darken(a, 0.35)}"/>`;
    const leafAt = (x: number, y: number, deg: number) =>
      `<ellipse cx="${x}" cy="${y}" rx="9" ry="3.6" transform="rotate(${deg} ${x} ${y})" fill="${leaf}"/>`;
    return {
      size: 84,
      body:
        flower(21, 22, 6.5) +
        flower(63, 63, 5.5) +
        leafAt(40, 34, 35) +
        leafAt(8, 56, -30) +
        leafAt(74, 18, 60) +
        leafAt(44, 76, -15),
    };
  }
  if (/abstract/.test(s.text)) {
    const r = seededRandom(`${s.look.base}${s.look.accent}abstract`);
    let body = '';
    for (let i = 0; i < 7; i++) {
      const x = 10 + r() * 100;
      const y = 10 + r() * 100;
      const k = 6 + r() * 10;
      body +=
        i % 2 === 0
          ? `<path d="M${n1(x)} ${n1(y)}C${n1(x + k)} ${n1(y - k)} ${n1(x + 2 * k)} ${n1(y + k)} ${n1(x + 3 * k)} ${n1(y)}" fill="none" stroke="${i % 3 === 0 ? a : leaf}" stroke-width="${n1(2.5 + r() * 3)}" stroke-linecap="round"/>`
          : `<ellipse cx="${n1(x)}" cy="${n1(y)}" rx="${n1(k * 0.7)}" ry="${n1(k * 0.4)}" transform="rotate(${Math.round(r() * 180)} ${n1(x)} ${n1(y)})" fill="${a}"/>`;
    }
    return { size: 120, body };
  }
  // micro print: little diamonds and dots
  return {
    size: 20,
    body: `<path d="M10 5L13 10L10 15L7 10Z" fill="${a}"/><circle cx="0" cy="0" r="1.4" fill="${a}"/><circle cx="20" cy="0" r="1.4" fill="${a}"/><circle cx="0" cy="20" r="1.4" fill="${a}"/><circle cx="20" cy="20" r="1.4" fill="${a}"/>`,
  };
}

/** Texture tiles; `k` (an integer) enlarges them for the close-up view. */
function textureDefs(s: Spec, p: Palette, k: number): string {
  const pat = (id: string, size: number, body: string) =>
    `<pattern id="${id}" width="${size * k}" height="${size * k}" patternUnits="userSpaceOnUse">${k === 1 ? body : `<g transform="scale(${k})">${body}</g>`}</pattern>`;
  const diag = (size: number, count: number, colour: string, width: number, opacity: number) => {
    let d = '';
    for (let j = 0; j <= 2 * count; j++) {
      const c = (size * j) / count;
      d += `M${n1(c)} 0L${n1(c - size)} ${size}`;
    }
    return `<path d="${d}" stroke="${colour}" stroke-width="${width}" stroke-opacity="${opacity}" fill="none"/>`;
  };
  let tex: string;
  switch (s.look.pattern) {
    case 'denim':
      tex =
        diag(12, 4, '#ffffff', 1.2, 0.17) +
        `<g transform="translate(1.5 0)">${diag(12, 4, '#000000', 0.9, 0.14)}</g>` +
        `<path d="M1 3.5h3M7 9.5h3M5 6.5h2" stroke="#fff" stroke-opacity=".12" stroke-width="1"/>`;
      tex = pat('tex', 12, tex);
      break;
    case 'twill':
      tex = pat(
        'tex',
        10,
        diag(10, 2, '#000000', 1.3, 0.14) +
          `<g transform="translate(2 0)">${diag(10, 2, '#ffffff', 0.8, 0.1)}</g>`,
      );
      break;
    default:
      tex =
        s.kind === 'polo'
          ? pat(
              'tex',
              6,
              `<circle cx="1.5" cy="1.5" r="1" fill="#000" fill-opacity=".13"/><circle cx="4.5" cy="4.5" r="1" fill="#000" fill-opacity=".13"/><circle cx="4.5" cy="1.5" r=".6" fill="#fff" fill-opacity=".1"/>`,
            )
          : pat(
              'tex',
              4,
              `<path d="M0 .5h4" stroke="#fff" stroke-opacity=".07"/><path d="M2.5 0v4" stroke="#000" stroke-opacity=".05"/>`,
            );
  }
  const rib = pat(
    'rib',
    4,
    `<rect width="4" height="4" fill="${p.rib}"/><path d="M1 0v4" stroke="#000" stroke-opacity=".2" stroke-width="1.4"/><path d="M3 0v4" stroke="#fff" stroke-opacity=".1"/>`,
  );
  return tex + rib;
}

// ── Garments (garment coordinates: 800 × 1000, centred on x = 400) ───────────────────────────

function shirt(s: Spec, p: Palette, view: 'front' | 'back'): Drawing {
  const parts: Part[] = [];
  let over = '';
  const neckQ = view === 'front' ? 208 : 184;
  const body = `M 330 172 L 268 204 L 252 378 C 250 520 250 700 254 838 Q 256 852 272 854 C 322 860 360 884 400 884 C 440 884 478 860 528 854 Q 544 852 546 838 C 550 700 550 520 548 378 L 532 204 L 470 172 Q 400 ${neckQ} 330 172 Z`;
  const r = s.rnd;
  const folds =
    crease(`M ${n1(318 + r() * 14)} 420 C 330 560 312 700 ${n1(322 + r() * 10)} 850`, 0.9) +
    crease(`M ${n1(466 + r() * 14)} 440 C 478 600 462 720 ${n1(474 + r() * 10)} 850`, 0.8) +
    crease('M 272 380 Q 300 400 330 396', 0.6) +
    crease('M 528 380 Q 500 400 470 396', 0.6);
  let bodyExtra = folds;
  if (view === 'back') {
    bodyExtra +=
      line('M 254 270 Q 400 282 546 270', p.outline, 1.6, 0.7) +
      stitch('M 254 276 Q 400 288 546 276', p.stitch) +
      line('M 390 278 L 386 336', p.outline, 1.4, 0.6) +
      line('M 410 278 L 414 336', p.outline, 1.4, 0.6) +
      crease('M 400 284 L 400 340', 0.8);
  }
  bodyExtra += stitch('M 262 842 C 322 848 360 872 400 872 C 440 872 478 848 538 842', p.stitch);
  parts.push({ d: body, extra: bodyExtra });

  if (view === 'front') {
    const placketTop = s.cuban ? 300 : 224;
    parts.push({
      d: `M 386 ${placketTop} L 414 ${placketTop} L 414 883 L 386 883 Z`,
      extra:
        stitch(`M 390 ${placketTop} L 390 882`, p.stitch) +
        stitch(`M 410 ${placketTop} L 410 882`, p.stitch),
      shade: false,
    });
    const firstButton = s.cuban ? 340 : 300;
    for (let y = firstButton; y <= 780; y += 78)
      over += button(400, y, 6.8, p.button, p.buttonEdge);
    if (s.pockets === 'one') {
      parts.push({
        d: 'M 440 300 L 514 300 L 514 380 L 477 394 L 440 380 Z',
        extra:
          stitch('M 444 302 L 444 377 L 477 390 L 510 377 L 510 302', p.stitch) +
          line('M 440 314 L 514 314', p.outline, 1, 0.5),
      });
    } else if (s.pockets === 'two-flap') {
      for (const flip of [false, true]) {
        const m = (d: string) => (flip ? mir(d) : d);
        parts.push({
          d: m('M 440 300 L 512 300 L 512 384 L 476 396 L 440 384 Z'),
          extra: stitch(m('M 444 300 L 444 381 L 476 392 L 508 381 L 508 300'), p.stitch),
        });
        parts.push({
          d: m('M 436 290 L 516 290 L 516 318 L 476 332 L 436 318 Z'),
          extra: stitch(m('M 440 294 L 440 315 L 476 327 L 512 315 L 512 294'), p.stitch),
        });
        over += button(flip ? 324 : 476, 318, 5, p.button, p.buttonEdge);
      }
    }
  }

  // Sleeves and cuffs.
  for (const flip of [false, true]) {
    const m = (d: string) => (flip ? mir(d) : d);
    if (s.shortSleeve) {
      const sleeve = m('M 268 204 C 232 216 204 244 186 286 L 160 404 L 240 430 L 252 372 Z');
      parts.push({
        d: sleeve,
        rot: flip ? -24 : 24,
        pivot: [flip ? 590 : 210, 320],
        extra:
          stitch(m('M 163 392 L 243 418'), p.stitch) +
          crease(m('M 200 300 Q 214 340 226 400'), 0.6),
      });
    } else {
      const sleeve = m('M 268 204 C 236 214 212 236 200 272 L 150 684 L 226 694 L 252 378 Z');
      const idx = parts.length;
      parts.push({
        d: sleeve,
        rot: flip ? -10 : 10,
        pivot: [flip ? 576 : 224, 490],
        extra:
          crease(m('M 176 470 Q 200 486 236 480'), 0.8) +
          crease(m('M 168 560 Q 196 580 230 570'), 0.7) +
          crease(m('M 214 300 Q 206 420 200 520'), 0.5),
      });
      parts.push({
        d: m('M 150 684 L 226 694 L 222 768 L 146 758 Z'),
        rot: flip ? -10 : 10,
        pivot: [flip ? 576 : 224, 490],
        extra:
          stitch(m('M 150 690 L 225 700'), p.stitch) + stitch(m('M 148 752 L 222 762'), p.stitch),
      });
      if (view === 'back') parts[idx]!.extra += line(m('M 196 690 L 204 630'), p.outline, 1.4, 0.7);
      over += button(flip ? 592 : 208, 730, 5.2, p.button, p.buttonEdge);
    }
  }

  // Collar.
  if (view === 'front') {
    parts.push({
      d: 'M 324 172 Q 400 134 476 172 L 462 171 Q 400 148 338 171 Z',
      extra: stitch('M 330 168 Q 400 138 470 168', p.stitch, 1),
    });
    if (s.cuban) {
      parts.push({
        d: 'M 338 171 Q 400 150 462 171 L 400 300 Z',
        fabric: 'inside',
        outline: false,
      });
      const leaf = 'M 324 170 C 316 210 306 248 296 282 L 400 302 C 380 250 368 206 356 168 Z';
      parts.push({ d: leaf, extra: stitch('M 330 176 C 322 212 314 246 306 274', p.stitch, 1) });
      parts.push({
        d: mir(leaf),
        extra: stitch(mir('M 330 176 C 322 212 314 246 306 274'), p.stitch, 1),
      });
    } else {
      parts.push({
        d: 'M 338 171 Q 400 150 462 171 Q 440 200 400 226 Q 360 200 338 171 Z',
        fabric: 'inside',
        outline: false,
      });
      const leaf = 'M 324 170 C 322 206 330 242 346 272 L 400 226 C 386 212 368 192 356 168 Z';
      const leafStitch = 'M 330 176 C 329 208 336 240 348 262 L 392 226';
      parts.push({ d: leaf, extra: stitch(leafStitch, p.stitch, 1) });
      parts.push({ d: mir(leaf), extra: stitch(mir(leafStitch), p.stitch, 1) });
      if (/button-down/.test(s.text)) {
        over +=
          button(344, 254, 3.6, p.button, p.buttonEdge) +
          button(456, 254, 3.6, p.button, p.buttonEdge);
      }
    }
    if (s.brand === 'TOMMY HILFIGER' && s.pockets !== 'one') over += flag(462, 318, 0.7);
  } else {
    parts.push({
      d: 'M 322 168 Q 400 136 478 168 L 480 198 Q 400 172 320 198 Z',
      extra: stitch('M 324 192 Q 400 167 476 192', p.stitch, 1),
    });
  }
  if (s.brand === 'TOMMY HILFIGER' && view === 'front' && s.pockets === 'one')
    over += flag(477, 352, 0.7);

  return {
    parts,
    over,
    silhouette: [body, ...parts.filter((x) => x.rot !== undefined).map((x) => x.d)],
  };
}

function flag(cx: number, cy: number, k: number): string {
  const w = 12 * k;
  const h = 14 * k;
  return (
    `<rect x="${n1(cx - 1.5 * w)}" y="${n1(cy - h / 2)}" width="${n1(w)}" height="${n1(h)}" fill="#1b2a4a"/>` +
    `<rect x="${n1(cx - 0.5 * w)}" y="${n1(cy - h / 2)}" width="${n1(w)}" height="${n1(h)}" fill="#f5f5f5"/>` +
    `<rect x="${n1(cx + 0.5 * w)}" y="${n1(cy - h / 2)}" width="${n1(w)}" height="${n1(h)}" fill="#c8102e"/>` +
    `<rect x="${n1(cx - 1.5 * w)}" y="${n1(cy - h / 2)}" width="${n1(3 * w)}" height="${n1(h)}" fill="none" stroke="#0d1526" stroke-width=".8" stroke-opacity=".5"/>`
  );
}

/** Chest artwork for printed T-shirts. */
function chestGraphic(s: Spec, p: Palette, cx: number, cy: number, k: number): string {
  const a = p.accent;
  const r = seededRandom(`${s.look.base}${s.look.accent}graphic`);
  const X = (v: number) => n1(cx + v * k);
  const Y = (v: number) => n1(cy + v * k);
  if (/logo/.test(s.text)) {
    return (
      `<g>${flag(cx, cy - 14 * k, 2.6 * k)}</g>` +
      wordmark(cx - 96 * k, cy + 16 * k, 192 * k, 16 * k, a, r)
    );
  }
  const designs = ['sunset', 'rings', 'bolt'] as const;
  const design =
    s.brand === 'USPOLO-ASSGN' ? 'badge' : (designs[Math.floor(r() * designs.length)] ?? 'rings');
  const faint = mix(a, p.base, 0.45);
  switch (design) {
    case 'badge':
      return (
        `<circle cx="${X(0)}" cy="${Y(0)}" r="${n1(52 * k)}" fill="none" stroke="${a}" stroke-width="${n1(7 * k)}"/>` +
        `<circle cx="${X(0)}" cy="${Y(0)}" r="${n1(38 * k)}" fill="none" stroke="${a}" stroke-width="${n1(2 * k)}"/>` +
        line(
          `M ${X(-22)} ${Y(22)} L ${X(22)} ${Y(-22)} M ${X(-22)} ${Y(-22)} L ${X(22)} ${Y(22)}`,
          a,
          6 * k,
        ) +
        `<circle cx="${X(0)}" cy="${Y(0)}" r="${n1(8 * k)}" fill="${a}"/>` +
        wordmark(cx - 90 * k, cy + 70 * k, 180 * k, 15 * k, a, r) +
        wordmark(cx - 60 * k, cy - 86 * k, 120 * k, 11 * k, a, r)
      );
    case 'sunset':
      return (
        `<circle cx="${X(0)}" cy="${Y(-10)}" r="${n1(64 * k)}" fill="${a}"/>` +
        [0, 1, 2, 3]
          .map(
            (i) =>
              `<rect x="${X(-70)}" y="${Y(4 + i * 13)}" width="${n1(140 * k)}" height="${n1((3 + i * 1.6) * k)}" fill="${p.base}"/>`,
          )
          .join('') +
        `<path d="M ${X(-96)} ${Y(64)} L ${X(-38)} ${Y(8)} L ${X(-4)} ${Y(40)} L ${X(32)} ${Y(14)} L ${X(96)} ${Y(64)} Z" fill="${faint}"/>` +
        `<rect x="${X(-104)}" y="${Y(-92)}" width="${n1(208 * k)}" height="${n1(160 * k)}" fill="none" stroke="${a}" stroke-width="${n1(4 * k)}"/>` +
        wordmark(cx - 100 * k, cy + 82 * k, 200 * k, 16 * k, a, r)
      );
    case 'rings':
      return (
        [70, 52, 34]
          .map(
            (rr, i) =>
              `<circle cx="${X(0)}" cy="${Y(0)}" r="${n1(rr * k)}" fill="none" stroke="${i === 1 ? faint : a}" stroke-width="${n1(10 * k)}"/>`,
          )
          .join('') +
        `<circle cx="${X(0)}" cy="${Y(0)}" r="${n1(14 * k)}" fill="${a}"/>` +
        line(`M ${X(-96)} ${Y(60)} L ${X(96)} ${Y(-60)}`, p.base, 9 * k) +
        wordmark(cx - 86 * k, cy + 88 * k, 172 * k, 15 * k, a, r)
      );
    default:
      return (
        `<circle cx="${X(0)}" cy="${Y(0)}" r="${n1(74 * k)}" fill="${faint}"/>` +
        `<path d="M ${X(14)} ${Y(-84)} L ${X(-42)} ${Y(8)} L ${X(-4)} ${Y(8)} L ${X(-18)} ${Y(84)} L ${X(46)} ${Y(-14)} L ${X(8)} ${Y(-14)} L ${X(26)} ${Y(-84)} Z" fill="${a}" stroke="${darken(a, 0.3)}" stroke-width="${n1(3 * k)}" stroke-linejoin="round"/>` +
        [
          [-70, -60],
          [66, 48],
          [60, -70],
        ]
          .map(
            ([x = 0, y = 0]) =>
              `<path d="M ${X(x)} ${Y(y - 9)} L ${X(x + 3)} ${Y(y - 3)} L ${X(x + 9)} ${Y(y)} L ${X(x + 3)} ${Y(y + 3)} L ${X(x)} ${Y(y + 9)} L ${X(x - 3)} ${Y(y + 3)} L ${X(x - 9)} ${Y(y)} L ${X(x - 3)} ${Y(y - 3)} Z" fill="${a}"/>`,
          )
          .join('') +
        wordmark(cx - 80 * k, cy + 92 * k, 160 * k, 15 * k, a, r)
      );
  }
}

/** Crew neck (tee) or collar and placket (polo) at a vertical offset `dy`. */
function neckParts(
  s: Spec,
  p: Palette,
  view: 'front' | 'back' | 'folded',
  dy: number,
): { parts: Part[]; over: string } {
  const parts: Part[] = [];
  let over = '';
  const sh = (d: string) => shift(d, 0, dy);
  if (s.kind === 'polo' && view !== 'back') {
    parts.push({
      d: sh('M 388 196 L 412 196 L 412 318 Q 400 326 388 318 Z'),
      extra: stitch(sh('M 391 200 L 391 316 Q 400 321 409 316 L 409 200'), p.stitch, 1.1),
      shade: false,
    });
    over +=
      button(400, 246 + dy, 5.4, p.button, p.buttonEdge) +
      button(400, 290 + dy, 5.4, p.button, p.buttonEdge);
    parts.push({
      d: sh('M 326 174 Q 400 138 474 174 L 460 172 Q 400 152 340 172 Z'),
      fabric: 'rib',
    });
    parts.push({
      d: sh('M 340 172 Q 400 152 460 172 Q 430 196 400 204 Q 370 196 340 172 Z'),
      fabric: 'inside',
      outline: false,
    });
    const leaf = 'M 326 172 C 326 202 334 232 348 258 L 400 206 C 386 196 368 184 352 170 Z';
    const tip = s.tipped
      ? `<path d="${sh(leaf)}" fill="none" stroke="${p.accent}" stroke-width="7"/><path d="${sh(leaf)}" fill="none" stroke="${p.rib}" stroke-width="3"/>`
      : '';
    parts.push({ d: sh(leaf), fabric: 'rib', extra: tip });
    parts.push({ d: mir(sh(leaf)), fabric: 'rib', extra: tip.replaceAll(sh(leaf), mir(sh(leaf))) });
    return { parts, over };
  }
  if (s.kind === 'polo') {
    parts.push({
      d: sh('M 322 170 Q 400 138 478 170 L 480 198 Q 400 174 320 198 Z'),
      fabric: 'rib',
      extra: s.tipped ? line(sh('M 322 194 Q 400 170 478 194'), p.accent, 3) : '',
    });
    return { parts, over };
  }
  if (view === 'back') {
    parts.push({
      d: sh('M 346 174 Q 400 176 454 174 L 454 188 Q 400 192 346 188 Z'),
      fabric: 'rib',
      extra: stitch(sh('M 346 194 Q 400 198 454 194'), p.stitch, 1),
    });
    return { parts, over };
  }
  parts.push({ d: sh('M 346 174 Q 400 146 454 174 L 442 172 Q 400 166 358 172 Z'), fabric: 'rib' });
  parts.push({
    d: sh('M 358 172 Q 400 166 442 172 Q 400 222 358 172 Z'),
    fabric: 'inside',
    outline: false,
  });
  over += `<rect x="391" y="${n1(171 + dy)}" width="18" height="11" rx="1.5" fill="#f4f1ea" stroke="${p.outline}" stroke-width=".6"/><rect x="394" y="${n1(174 + dy)}" width="12" height="2" fill="${p.accent}" fill-opacity=".7"/>`;
  parts.push({
    d: sh('M 346 174 Q 400 240 454 174 L 442 172 Q 400 222 358 172 Z'),
    fabric: 'rib',
    extra: stitch(sh('M 344 178 Q 400 248 456 178'), p.stitch, 1),
  });
  return { parts, over };
}

function tee(s: Spec, p: Palette, view: 'front' | 'back'): Drawing {
  const parts: Part[] = [];
  let over = '';
  const o = s.oversized;
  const neckDip = view === 'back' ? 182 : s.kind === 'polo' ? 214 : 240;
  const body = o
    ? `M 346 174 L 262 212 L 248 382 C 246 560 248 720 250 862 Q 400 872 550 862 C 552 720 554 560 552 382 L 538 212 L 454 174 Q 400 ${neckDip} 346 174 Z`
    : `M 346 174 L 286 196 L 268 330 C 264 500 266 700 270 842 Q 400 852 530 842 C 534 700 536 500 532 330 L 514 196 L 454 174 Q 400 ${neckDip} 346 174 Z`;
  const hemY = o ? 862 : 842;
  const r = s.rnd;
  const bodyExtra =
    crease(
      `M ${n1(322 + r() * 16)} 420 C 334 560 316 700 ${n1(326 + r() * 10)} ${hemY - 10}`,
      0.8,
    ) +
    crease(
      `M ${n1(470 + r() * 16)} 440 C 480 600 466 720 ${n1(476 + r() * 10)} ${hemY - 10}`,
      0.7,
    ) +
    stitch(
      `M ${o ? 252 : 272} ${hemY - 14} Q 400 ${hemY - 5} ${o ? 548 : 528} ${hemY - 14}`,
      p.stitch,
    ) +
    stitch(
      `M ${o ? 252 : 272} ${hemY - 20} Q 400 ${hemY - 11} ${o ? 548 : 528} ${hemY - 20}`,
      p.stitch,
    );
  const st = stretchFor(s);
  const graphicY = st ? st.y0 + st.dy + ((o ? 430 : 410) - st.y0) * st.sy : 410;
  const graphic =
    view === 'front' && s.look.pattern === 'print'
      ? chestGraphic(s, p, 400, graphicY, o ? 1.15 : 1.1)
      : '';
  parts.push({ d: body, extra: bodyExtra, extraFixed: graphic });

  for (const flip of [false, true]) {
    const m = (d: string) => (flip ? mir(d) : d);
    const sleeve = o
      ? m('M 262 212 C 226 232 196 292 172 380 L 156 470 L 240 488 L 248 382 Z')
      : m('M 286 196 C 248 212 208 256 172 338 L 236 392 L 268 330 Z');
    const hem = o ? m('M 159 458 L 242 476') : m('M 180 330 L 243 383');
    const rot = o ? 18 : 38;
    const idx = parts.length;
    parts.push({
      d: sleeve,
      rot: flip ? -rot : rot,
      pivot: [flip ? 800 - 215 : 215, o ? 400 : 300],
      extra:
        (s.kind === 'polo' ? '' : stitch(hem, p.stitch)) +
        crease(m(o ? 'M 214 260 Q 204 360 196 440' : 'M 250 230 Q 226 270 206 320'), 0.5),
    });
    if (s.kind === 'polo') {
      // A ribbed band along the sleeve hem (drawn generously, clipped to the sleeve).
      const [ax, ay, bx, by] = o ? [156, 470, 240, 488] : [172, 338, 236, 392];
      const len = Math.hypot(bx - ax, by - ay);
      const [tx, ty] = [(bx - ax) / len, (by - ay) / len];
      const [nx, ny] = [ty, -tx]; // points into the sleeve
      const pt = (x: number, y: number, along: number, into: number) =>
        `${n1(x + tx * along + nx * into)} ${n1(y + ty * along + ny * into)}`;
      const band = `M ${pt(ax, ay, -12, -6)} L ${pt(bx, by, 12, -6)} L ${pt(bx, by, 12, 16)} L ${pt(ax, ay, -12, 16)} Z`;
      parts.push({
        d: m(band),
        within: idx,
        fabric: 'rib',
        extra: s.tipped
          ? line(m(`M ${pt(ax, ay, -12, 9)} L ${pt(bx, by, 12, 9)}`), p.accent, 3)
          : '',
      });
    }
  }
  const neck = neckParts(s, p, view, 0);
  parts.push(...neck.parts);
  over += neck.over;
  if (view === 'front' && s.kind === 'polo') {
    if (s.brand === 'TOMMY HILFIGER') over += flag(470, 300, 0.7);
    else if (s.brand === 'USPOLO-ASSGN')
      over += `<circle cx="470" cy="300" r="7" fill="none" stroke="${p.accent}" stroke-width="2.5"/><path d="M465 304 L475 296" stroke="${p.accent}" stroke-width="2"/>`;
    else if (s.brand === 'RARE-RABBIT' || s.brand === 'ALLEN SOLLY')
      over += wordmark(458, 296, 26, 6, lighten(p.base, 0.35), seededRandom(s.brand));
  }
  return {
    parts,
    over,
    silhouette: [body, ...parts.filter((x) => x.rot !== undefined).map((x) => x.d)],
  };
}

function pants(s: Spec, p: Palette, view: 'front' | 'back'): Drawing {
  const parts: Part[] = [];
  let over = '';
  const hem = { skinny: [298, 388], slim: [284, 388], straight: [272, 390], relaxed: [258, 392] }[
    s.fit
  ];
  const [ho = 284, hi = 388] = hem;
  const hip = s.fit === 'relaxed' ? 242 : 248;
  const legs = `M 260 196 C 252 240 ${hip} 290 ${hip} 340 L ${ho} 906 L ${hi} 906 L 400 392 L ${800 - hi} 906 L ${800 - ho} 906 L ${800 - hip} 340 C ${800 - hip} 290 548 240 540 196 Q 400 203 260 196 Z`;
  const waistband = 'M 262 150 Q 400 157 538 150 L 540 196 Q 400 203 260 196 Z';
  const r = s.rnd;
  let legExtra = '';
  // Shading that makes the legs read as two tubes.
  for (const flip of [false, true]) {
    const m = (d: string) => (flip ? mir(d) : d);
    legExtra += crease(m(`M ${n1(300 + r() * 10)} 600 Q 330 ${n1(612 + r() * 10)} 372 600`), 0.9);
    legExtra += crease(m(`M ${n1(306 + r() * 10)} 760 Q 334 ${n1(772 + r() * 10)} 376 762`), 0.7);
    legExtra += crease(m('M 372 400 Q 380 600 382 890'), 0.8);
    if (s.jeans) {
      legExtra += `<ellipse cx="${flip ? 478 : 322}" cy="490" rx="40" ry="150" fill="url(#fade)"/>`;
      legExtra += `<ellipse cx="${flip ? 472 : 328}" cy="650" rx="34" ry="26" fill="url(#fade)"/>`;
      if (view === 'front') {
        for (let i = 0; i < 4; i++) {
          const y = 330 + i * 14;
          legExtra += line(
            m(`M ${352 - i * 6} ${y} Q ${372 - i * 3} ${y + 6} 394 ${y + 2 + i * 3}`),
            '#ffffff',
            3,
            0.16,
          );
        }
      }
      legExtra += stitch(
        m(`M 266 204 C 259 246 ${hip + 6} 292 ${hip + 6} 340 L ${ho + 6} 900`),
        p.stitch,
        1.2,
      );
      legExtra += stitch(m(`M ${hi - 6} 900 L 396 404`), p.stitch, 1.2);
    } else if (view === 'front' || s.formal) {
      const cx = flip ? 800 - (ho + hi) / 2 : (ho + hi) / 2;
      legExtra += line(
        `M ${flip ? 478 : 322} 206 L ${n1(cx)} 900`,
        lighten(p.base, 0.25),
        1.6,
        0.55,
      );
      legExtra += line(
        `M ${flip ? 480 : 324} 206 L ${n1(cx + 2)} 900`,
        darken(p.base, 0.3),
        1.2,
        0.35,
      );
    }
    legExtra += stitch(m(`M ${ho + 2} 894 L ${hi - 2} 894`), p.stitch, 1.2);
    if (s.jeans) legExtra += stitch(m(`M ${ho + 2} 888 L ${hi - 2} 888`), p.stitch, 1.2);
  }
  if (view === 'front') {
    legExtra += line('M 400 200 L 400 392', p.outline, 1.6, 0.8);
    legExtra += stitch('M 426 198 L 426 322 Q 426 344 402 354', p.stitch, 1.3);
    if (s.jeans) legExtra += stitch('M 431 198 L 431 324 Q 431 350 404 360', p.stitch, 1.3);
    for (const flip of [false, true]) {
      const m = (d: string) => (flip ? mir(d) : d);
      if (s.jeans) {
        legExtra += line(m('M 336 199 C 332 242 302 268 252 274'), p.outline, 1.8, 0.9);
        legExtra += stitch(m('M 330 199 C 326 238 298 262 252 267'), p.stitch, 1.2);
        legExtra += stitch(m('M 342 199 C 338 248 306 276 253 281'), p.stitch, 1.2);
      } else {
        legExtra += line(m('M 308 199 L 256 306'), p.outline, 1.8, 0.9);
        legExtra += stitch(m('M 316 199 L 263 310'), p.stitch, 1.1);
      }
    }
    if (s.pleated) {
      legExtra +=
        line('M 344 199 L 350 268', p.outline, 1.4, 0.6) +
        line('M 456 199 L 450 268', p.outline, 1.4, 0.6);
      legExtra += crease('M 344 204 L 348 262', 0.7) + crease('M 456 204 L 452 262', 0.7);
    }
  } else {
    legExtra += line('M 400 200 L 400 392', p.outline, 1.6, 0.8);
    if (s.jeans) {
      legExtra += line('M 250 262 L 400 292 L 550 262', p.outline, 1.6, 0.8);
      legExtra +=
        stitch('M 251 268 L 400 298 L 549 268', p.stitch, 1.2) +
        stitch('M 251 274 L 400 304 L 549 274', p.stitch, 1.2);
    } else {
      legExtra +=
        line('M 330 202 L 332 262', p.outline, 1.2, 0.5) +
        line('M 470 202 L 468 262', p.outline, 1.2, 0.5);
    }
  }
  parts.push({ d: legs, extra: legExtra });

  if (s.cargo) {
    for (const flip of [false, true]) {
      const m = (d: string) => (flip ? mir(d) : d);
      parts.push({
        d: m('M 252 486 L 326 486 L 330 630 L 262 634 Z'),
        extra:
          stitch(m('M 257 492 L 321 492 L 325 625 L 266 628 Z'), p.stitch, 1.1) +
          crease(m('M 292 520 L 294 620'), 0.6),
      });
      parts.push({
        d: m('M 246 462 L 330 462 L 332 500 L 248 502 Z'),
        extra: stitch(m('M 250 494 L 328 492'), p.stitch, 1.1),
      });
      over += button(flip ? 510 : 290, 488, 4.6, p.button, p.buttonEdge);
    }
  }
  if (view === 'back') {
    for (const flip of [false, true]) {
      const m = (d: string) => (flip ? mir(d) : d);
      if (s.jeans) {
        parts.push({
          d: m('M 288 304 L 370 298 L 374 384 L 334 402 L 294 386 Z'),
          extra:
            stitch(m('M 293 309 L 365 303 L 368 380 L 334 396 L 299 382 Z'), p.stitch, 1.2) +
            line(m('M 300 336 Q 318 360 333 336 Q 348 360 364 334'), p.accent, 2.2, 0.95),
        });
      } else {
        parts.push({
          d: m('M 296 288 L 364 288 L 364 298 L 296 298 Z'),
          fabric: 'inside',
          outline: true,
        });
        over += button(flip ? 470 : 330, 312, 5, p.button, p.buttonEdge);
      }
    }
  }

  // Waistband, then belt loops over it.
  parts.push({
    d: waistband,
    shade: true,
    extra:
      stitch('M 263 156 Q 400 163 537 156', p.stitch, 1.2) +
      stitch('M 261 190 Q 400 197 539 190', p.stitch, 1.2),
  });
  const loops = view === 'front' ? [284, 338, 462, 516] : [278, 340, 400, 460, 522];
  for (const x of loops) {
    parts.push({
      d: `M ${x - 6} 144 L ${x + 6} 144 L ${x + 6} 208 L ${x - 6} 208 Z`,
      extra:
        stitch(`M ${x - 6} 150 L ${x + 6} 150`, p.stitch, 1) +
        stitch(`M ${x - 6} 202 L ${x + 6} 202`, p.stitch, 1),
    });
  }
  if (view === 'front') {
    over += s.jeans
      ? `<circle cx="412" cy="173" r="10" fill="#b08d57" stroke="#5e4624" stroke-width="1.2"/><circle cx="412" cy="173" r="6.5" fill="none" stroke="#5e4624" stroke-opacity=".6" stroke-width="1"/><circle cx="409" cy="170" r="2.4" fill="#f3dcae" fill-opacity=".8"/>`
      : button(412, 173, 7, p.button, p.buttonEdge);
    if (s.jeans) over += rivet(334, 205) + rivet(466, 205) + rivet(256, 272) + rivet(544, 272);
  } else if (s.jeans) {
    over += `<rect x="438" y="158" width="62" height="32" rx="3" fill="#a87a4e" stroke="#6b4a2b" stroke-width="1.2"/>${stitch('M 442 162 L 496 162 L 496 186 L 442 186 Z', '#f2e2c4', 0.9)}${wordmark(448, 170, 42, 7, '#6b4a2b', seededRandom(s.brand))}`;
  }
  return { parts, over, silhouette: [legs, waistband] };
}

// ── Folded (shop shelf) ──────────────────────────────────────────────────────────────────────

function folded(s: Spec, p: Palette): Drawing {
  const parts: Part[] = [];
  let over = '';
  const block = (x0: number, y0: number, x1: number, y1: number) =>
    `M ${x0} ${y0 + 16} Q ${x0} ${y0} ${x0 + 16} ${y0} L ${x1 - 16} ${y0} Q ${x1} ${y0} ${x1} ${y0 + 16} L ${x1 + 2} ${y1 - 14} Q ${x1 + 2} ${y1} ${x1 - 12} ${y1} L ${x0 + 12} ${y1} Q ${x0 - 2} ${y1} ${x0 - 2} ${y1 - 14} Z`;
  const thickness = (x0: number, x1: number, y1: number) =>
    `M ${x0 - 2} ${y1 - 14} Q ${x0 - 2} ${y1} ${x0 + 12} ${y1} L ${x1 - 12} ${y1} Q ${x1 + 2} ${y1} ${x1 + 2} ${y1 - 14} L ${x1 + 2} ${y1 + 6} Q ${x1 + 2} ${y1 + 20} ${x1 - 12} ${y1 + 20} L ${x0 + 12} ${y1 + 20} Q ${x0 - 2} ${y1 + 20} ${x0 - 2} ${y1 + 6} Z`;
  const layers = (x0: number, x1: number, y1: number) =>
    line(`M ${x0 + 10} ${y1 + 7} L ${x1 - 10} ${y1 + 7}`, '#000', 1.2, 0.25) +
    line(`M ${x0 + 10} ${y1 + 13} L ${x1 - 10} ${y1 + 13}`, '#000', 1.2, 0.2);

  if (s.kind === 'shirt') {
    const [x0, y0, x1, y1] = [242, 240, 558, 752];
    const main = block(x0, y0, x1, y1);
    parts.push({
      d: thickness(x0, x1, y1),
      extra:
        layers(x0, x1, y1) + `<rect width="800" height="1000" fill="#000" fill-opacity=".22"/>`,
    });
    parts.push({
      d: main,
      extra:
        crease('M 270 262 L 270 740', 1) +
        crease('M 530 262 L 530 740', 1) +
        crease('M 250 500 Q 400 512 550 500', 0.45),
    });
    parts.push({
      d: `M 386 ${s.cuban ? 380 : 306} L 414 ${s.cuban ? 380 : 306} L 414 ${y1} L 386 ${y1} Z`,
      extra:
        stitch(`M 390 306 L 390 ${y1 - 2}`, p.stitch) +
        stitch(`M 410 306 L 410 ${y1 - 2}`, p.stitch),
      shade: false,
    });
    for (let y = s.cuban ? 420 : 380; y <= 700; y += 78)
      over += button(400, y, 6.8, p.button, p.buttonEdge);
    if (s.pockets === 'one') {
      parts.push({
        d: 'M 440 400 L 514 400 L 514 480 L 477 494 L 440 480 Z',
        extra:
          stitch('M 444 402 L 444 477 L 477 490 L 510 477 L 510 402', p.stitch) +
          line('M 440 414 L 514 414', p.outline, 1, 0.5),
      });
    } else if (s.pockets === 'two-flap') {
      for (const flip of [false, true]) {
        const m = (d: string) => (flip ? mir(d) : d);
        parts.push({
          d: m('M 440 400 L 512 400 L 512 484 L 476 496 L 440 484 Z'),
          extra: stitch(m('M 444 400 L 444 481 L 476 492 L 508 481 L 508 400'), p.stitch),
        });
        parts.push({
          d: m('M 436 390 L 516 390 L 516 418 L 476 432 L 436 418 Z'),
          extra: stitch(m('M 440 394 L 440 415 L 476 427 L 512 415 L 512 394'), p.stitch),
        });
        over += button(flip ? 324 : 476, 418, 5, p.button, p.buttonEdge);
      }
    }
    // Collar standing up, buttoned.
    const dy = 80;
    parts.push({ d: shift('M 324 172 Q 400 134 476 172 L 462 171 Q 400 148 338 171 Z', 0, dy) });
    if (s.cuban) {
      parts.push({
        d: shift('M 338 171 Q 400 150 462 171 L 400 300 Z', 0, dy),
        fabric: 'inside',
        outline: false,
      });
      const leaf = shift(
        'M 324 170 C 316 210 306 248 296 282 L 400 302 C 380 250 368 206 356 168 Z',
        0,
        dy,
      );
      parts.push({ d: leaf }, { d: mir(leaf) });
    } else {
      parts.push({
        d: shift('M 338 171 Q 400 150 462 171 Q 440 200 400 226 Q 360 200 338 171 Z', 0, dy),
        fabric: 'inside',
        outline: false,
      });
      const leaf = shift(
        'M 324 170 C 322 206 330 242 346 272 L 400 226 C 386 212 368 192 356 168 Z',
        0,
        dy,
      );
      const leafStitch = shift('M 330 176 C 329 208 336 240 348 262 L 392 226', 0, dy);
      parts.push(
        { d: leaf, extra: stitch(leafStitch, p.stitch, 1) },
        { d: mir(leaf), extra: stitch(mir(leafStitch), p.stitch, 1) },
      );
      over += button(400, 318, 5.5, p.button, p.buttonEdge);
    }
    return { parts, over, silhouette: [main, thickness(x0, x1, y1)] };
  }

  if (s.kind === 'pants') {
    const [x0, y0, x1, y1] = [232, 332, 568, 722];
    const main = block(x0, y0, x1, y1);
    parts.push({
      d: thickness(x0, x1, y1),
      extra:
        layers(x0, x1, y1) + `<rect width="800" height="1000" fill="#000" fill-opacity=".22"/>`,
    });
    let extra =
      crease('M 240 560 Q 400 570 560 558', 1.1) +
      line('M 238 560 Q 400 570 562 558', darken(p.base, 0.35), 1.4, 0.5) +
      stitch(`M ${x0 + 6} ${y1 - 14} L ${x1 - 6} ${y1 - 14}`, p.stitch, 1.2) +
      (s.jeans ? stitch(`M ${x0 + 6} ${y1 - 20} L ${x1 - 6} ${y1 - 20}`, p.stitch, 1.2) : '');
    if (s.jeans) {
      extra += `<ellipse cx="330" cy="470" rx="90" ry="60" fill="url(#fade)"/>`;
      extra +=
        line('M 318 376 C 312 420 282 444 236 448', p.outline, 1.8, 0.9) +
        stitch('M 312 376 C 306 414 278 437 236 441', p.stitch, 1.2) +
        stitch('M 324 376 C 318 426 286 451 236 455', p.stitch, 1.2);
      extra +=
        stitch('M 508 376 L 508 470 Q 508 492 486 500', p.stitch, 1.2) +
        stitch('M 514 376 L 514 472 Q 514 498 488 506', p.stitch, 1.2);
    } else {
      extra +=
        line('M 300 376 L 246 478', p.outline, 1.8, 0.9) +
        stitch('M 308 376 L 254 480', p.stitch, 1.1);
      extra += stitch('M 510 376 L 510 470 Q 510 492 488 500', p.stitch, 1.2);
      extra += line('M 420 376 L 420 556', lighten(p.base, 0.25), 1.6, 0.5);
    }
    if (s.cargo) extra += stitch('M 300 600 L 380 600 L 382 700 L 302 700 Z', p.stitch, 1.1);
    parts.push({ d: main, extra });
    if (s.cargo)
      parts.push({
        d: 'M 292 584 L 388 584 L 390 616 L 294 618 Z',
        extra: stitch('M 296 610 L 386 608', p.stitch, 1),
      });
    parts.push({
      d: `M ${x0} ${y0 + 16} Q ${x0} ${y0} ${x0 + 16} ${y0} L ${x1 - 16} ${y0} Q ${x1} ${y0} ${x1} ${y0 + 16} L ${x1} ${y0 + 42} L ${x0} ${y0 + 42} Z`,
      extra:
        stitch('M 236 338 L 564 338', p.stitch, 1.2) + stitch('M 236 368 L 564 368', p.stitch, 1.2),
    });
    for (const x of [276, 372, 468]) {
      parts.push({
        d: `M ${x - 6} 326 L ${x + 6} 326 L ${x + 6} 382 L ${x - 6} 382 Z`,
        extra:
          stitch(`M ${x - 6} 332 L ${x + 6} 332`, p.stitch, 1) +
          stitch(`M ${x - 6} 376 L ${x + 6} 376`, p.stitch, 1),
      });
    }
    over += s.jeans
      ? `<circle cx="536" cy="353" r="10" fill="#b08d57" stroke="#5e4624" stroke-width="1.2"/><circle cx="536" cy="353" r="6.5" fill="none" stroke="#5e4624" stroke-opacity=".6"/><circle cx="533" cy="350" r="2.4" fill="#f3dcae" fill-opacity=".8"/>` +
        rivet(316, 382) +
        rivet(240, 446)
      : button(536, 353, 7, p.button, p.buttonEdge);
    return { parts, over, silhouette: [main, thickness(x0, x1, y1)] };
  }

  // T-shirt or polo.
  const [x0, x1, y1] = [250, 550, 752];
  const dy = 118;
  const neckDip = s.kind === 'polo' ? 214 + dy : 240 + dy;
  const main = `M 250 318 Q 250 304 264 302 L 346 292 Q 400 ${neckDip} 454 292 L 536 302 Q 550 304 550 318 L 552 ${y1 - 14} Q 552 ${y1} 538 ${y1} L 262 ${y1} Q 248 ${y1} 248 ${y1 - 14} Z`;
  parts.push({
    d: thickness(x0, x1, y1),
    extra: layers(x0, x1, y1) + `<rect width="800" height="1000" fill="#000" fill-opacity=".22"/>`,
  });
  let extra =
    crease('M 276 320 L 276 740', 1) +
    crease('M 524 320 L 524 740', 1) +
    crease('M 256 540 Q 400 552 546 540', 0.45);
  if (s.look.pattern === 'print') extra += chestGraphic(s, p, 400, 500, 0.85);
  extra +=
    stitch(`M 254 ${y1 - 14} L 546 ${y1 - 14}`, p.stitch) +
    stitch(`M 254 ${y1 - 20} L 546 ${y1 - 20}`, p.stitch);
  parts.push({ d: main, extra });
  const neck = neckParts(s, p, 'folded', dy);
  parts.push(...neck.parts);
  over += neck.over;
  return { parts, over, silhouette: [main, thickness(x0, x1, y1)] };
}

// ── Proportions ──────────────────────────────────────────────────────────────────────────────

/** Shirts and tees are drawn narrow, then widened numerically (radii and strokes stay as they are). */
interface Stretch {
  sx: number;
  sy: number;
  /** The line that stays put... */
  y0: number;
  /** ...then everything moves down by this much. */
  dy: number;
}

function stretchFor(s: Spec): Stretch | undefined {
  if (s.kind === 'shirt') return { sx: 1.3, sy: 0.92, y0: 140, dy: 14 };
  if (s.kind === 'tee' || s.kind === 'polo')
    return s.oversized
      ? { sx: 1.26, sy: 0.84, y0: 170, dy: 36 }
      : { sx: 1.36, sy: 0.86, y0: 170, dy: 42 };
  return undefined;
}

function stretchPath(d: string, st: Stretch): string {
  let i = 0;
  return d.replace(/-?\d+(?:\.\d+)?/g, (num) => {
    const v = Number(num);
    return n1(i++ % 2 === 0 ? 400 + (v - 400) * st.sx : st.y0 + st.dy + (v - st.y0) * st.sy);
  });
}

function stretchSvg(svg: string, st: Stretch): string {
  const X = (v: string) => n1(400 + (Number(v) - 400) * st.sx);
  const Y = (v: string) => n1(st.y0 + st.dy + (Number(v) - st.y0) * st.sy);
  return svg
    .replace(/ d="([^"]*)"/g, (_, d: string) => ` d="${stretchPath(d, st)}"`)
    .replace(
      / cx="([-\d.]+)" cy="([-\d.]+)"/g,
      (_, x: string, y: string) => ` cx="${X(x)}" cy="${Y(y)}"`,
    )
    .replace(
      /<rect x="([-\d.]+)" y="([-\d.]+)" width="([-\d.]+)" height="([-\d.]+)"/g,
      (_, x: string, y: string, w: string, h: string) =>
        `<rect x="${n1(Number(X(String(Number(x) + Number(w) / 2))) - Number(w) / 2)}" y="${n1(Number(Y(String(Number(y) + Number(h) / 2))) - Number(h) / 2)}" width="${w}" height="${h}"`,
    );
}

function stretchDrawing(dr: Drawing, st: Stretch): Drawing {
  return {
    parts: dr.parts.map((part) => {
      const out: Part = { ...part, d: stretchPath(part.d, st) };
      if (part.extra) out.extra = stretchSvg(part.extra, st);
      if (part.pivot)
        out.pivot = [
          400 + (part.pivot[0] - 400) * st.sx,
          st.y0 + st.dy + (part.pivot[1] - st.y0) * st.sy,
        ];
      // A direction at angle θ from vertical leans more after a wider-than-tall stretch.
      if (part.rot)
        out.rot =
          (Math.atan((Math.tan((part.rot * Math.PI) / 180) * st.sx) / st.sy) * 180) / Math.PI;
      return out;
    }),
    over: stretchSvg(dr.over, st),
    silhouette: dr.silhouette.map((d) => stretchPath(d, st)),
  };
}

// ── Scene ────────────────────────────────────────────────────────────────────────────────────

/** Where the close-up looks, in final canvas coordinates (4:5). */
function detailWindow(s: Spec): { x: number; y: number; w: number } {
  switch (s.kind) {
    case 'shirt':
      return s.pockets === 'none' ? { x: 270, y: 112, w: 260 } : { x: 300, y: 120, w: 260 };
    case 'pants':
      return { x: 300, y: 122, w: 220 };
    default:
      return { x: 270, y: 176, w: 260 };
  }
}

function drawingFor(s: Spec, p: Palette, view: ImageView): Drawing {
  if (view === 'folded') return folded(s, p);
  const v = view === 'back' ? 'back' : 'front';
  const drawn =
    s.kind === 'shirt' ? shirt(s, p, v) : s.kind === 'pants' ? pants(s, p, v) : tee(s, p, v);
  const st = stretchFor(s);
  return st ? stretchDrawing(drawn, st) : drawn;
}

/** The SVG of one view of a product. Pure: same product and view → same text. */
export function productSvg(product: SeedProduct, view: ImageView): string {
  const s = specFor(product);
  const p = paletteFor(s);
  const drawing = drawingFor(s, p, view);

  // Garment → canvas transform: identity, except the close-up.
  let scale = 1;
  let tx = 0;
  let ty = 0;
  if (view === 'detail') {
    const win = detailWindow(s);
    scale = W / win.w;
    tx = -win.x * scale;
    ty = -win.y * scale;
  }
  const T =
    scale === 1
      ? ''
      : `matrix(${Math.round(scale * 1000) / 1000} 0 0 ${Math.round(scale * 1000) / 1000} ${n1(tx)} ${n1(ty)})`;
  const tAttr = (extra = '') => {
    const t = `${T} ${extra}`.trim();
    return t ? ` transform="${t}"` : '';
  };
  const k = view === 'detail' ? 3 : 1;

  let defs = textureDefs(s, p, s.look.pattern === 'denim' || s.look.pattern === 'twill' ? k : 1);
  defs +=
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f7f4ef"/><stop offset="1" stop-color="#e8e2d8"/></linearGradient>` +
    `<radialGradient id="floor" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#5a4a38" stop-opacity=".28"/><stop offset="1" stop-color="#5a4a38" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="shadeV" x1="0" y1="0" x2=".35" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".16"/><stop offset=".42" stop-color="#fff" stop-opacity="0"/><stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".2"/></linearGradient>` +
    `<linearGradient id="shadeH" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity=".2"/><stop offset=".14" stop-color="#000" stop-opacity="0"/><stop offset=".86" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".2"/></linearGradient>` +
    `<radialGradient id="fade" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#fff" stop-opacity=".26"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="vignette" cx=".5" cy=".45" r=".75"><stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".22"/></radialGradient>`;

  const pattern = s.look.pattern;
  const hasDesign = pattern === 'stripes' || pattern === 'checks';
  const allOverPrint = pattern === 'print' && s.kind === 'shirt';
  if (allOverPrint) {
    const tile = printTile(s, p);
    const size = Math.max(4, Math.round(tile.size * scale));
    const inner = size / tile.size;
    const ox = ((Math.round(tx) % size) + size) % size;
    const oy = ((Math.round(ty) % size) + size) % size;
    defs += `<pattern id="print" x="${ox}" y="${oy}" width="${size}" height="${size}" patternUnits="userSpaceOnUse"><rect width="${size}" height="${size}" fill="${p.base}"/><g transform="scale(${Math.round(inner * 10000) / 10000})">${tile.body}</g></pattern>`;
  }

  let body = `<rect width="${W}" height="${H}" fill="url(#bg)"/>`;
  if (view === 'folded') {
    body +=
      `<path d="M0 640 L800 640 L800 1000 L0 1000 Z" fill="#e6dccd"/>` +
      `<path d="M0 640 L800 640" stroke="#fff" stroke-opacity=".6" stroke-width="2"/>` +
      `<path d="M0 900 L800 900 L800 1000 L0 1000 Z" fill="#d6c8b4"/>` +
      `<path d="M0 900 L800 900" stroke="#fff" stroke-opacity=".5" stroke-width="2"/>`;
  }
  if (view !== 'detail') {
    const floorY =
      view === 'folded' ? 790 : s.kind === 'pants' ? 922 : s.kind === 'shirt' ? 850 : 800;
    body += `<ellipse cx="400" cy="${floorY}" rx="${view === 'folded' ? 230 : 250}" ry="${view === 'folded' ? 40 : 34}" fill="url(#floor)"/>`;
  }
  // A soft drop shadow: the silhouette, offset and stacked at low opacity.
  for (const [dx, dy, o] of [
    [3, 6, 0.08],
    [6, 11, 0.06],
    [10, 17, 0.05],
  ] as const) {
    body += `<g${tAttr(`translate(${dx} ${dy})`)} fill="#3b2f22" fill-opacity="${o}">${drawing.silhouette.map((d) => `<path d="${d}"/>`).join('')}</g>`;
  }

  const identity = scale === 1;
  drawing.parts.forEach((part, i) => {
    const id = `c${i}`;
    defs += `<clipPath id="${id}"><path${tAttr()} d="${part.d}"/></clipPath>`;
    const fabric = part.fabric ?? 'main';
    const fill =
      fabric === 'rib'
        ? 'url(#rib)'
        : fabric === 'inside'
          ? p.inside
          : allOverPrint && fabric === 'main'
            ? 'url(#print)'
            : p.base;
    const box = pathBox(part.d);
    let design = '';
    if (hasDesign && (fabric === 'main' || fabric === 'inside')) {
      const pivot = part.pivot ?? [400, 500];
      const rot = part.rot ? `rotate(${n1(part.rot)} ${n1(pivot[0])} ${n1(pivot[1])})` : '';
      const geometry = designGeometry(s, p, part.rot ? rotatedBox(box, part.rot, pivot) : box);
      design = `<g${tAttr(rot)}${fabric === 'inside' ? ' opacity=".35"' : ''}>${geometry}</g>`;
    }
    const extraSvg = (part.extra ?? '') + (part.extraFixed ?? '');
    const extra = extraSvg ? `<g${tAttr()}>${extraSvg}</g>` : '';
    const shade =
      part.shade !== false && fabric !== 'inside'
        ? `<g${tAttr()}><path d="${part.d}" fill="url(#shadeV)"/><path d="${part.d}" fill="url(#shadeH)"/></g>`
        : '';
    let g: string;
    if (identity) {
      // Patterns are fast untransformed: fill the piece itself, clip only what spills over.
      g =
        `<path d="${part.d}" fill="${fill}"/>` +
        (design ? `<g clip-path="url(#${id})">${design}</g>` : '') +
        (fabric === 'main' ? `<path d="${part.d}" fill="url(#tex)"/>` : '') +
        (extra ? `<g clip-path="url(#${id})">${extra}</g>` : '') +
        shade;
    } else {
      // Close-up: the piece is scaled, so paint untransformed rects (over its box only) through its clip.
      const x0 = Math.max(0, Math.floor(box.x0 * scale + tx) - 2);
      const y0 = Math.max(0, Math.floor(box.y0 * scale + ty) - 2);
      const x1 = Math.min(W, Math.ceil(box.x1 * scale + tx) + 2);
      const y1 = Math.min(H, Math.ceil(box.y1 * scale + ty) + 2);
      if (x1 <= x0 || y1 <= y0) return;
      const rect = (f: string) =>
        `<rect x="${x0}" y="${y0}" width="${x1 - x0}" height="${y1 - y0}" fill="${f}"/>`;
      g =
        `<g clip-path="url(#${id})">${rect(fill)}${design}${fabric === 'main' ? rect('url(#tex)') : ''}${extra}</g>` +
        shade;
    }
    body += part.within !== undefined ? `<g clip-path="url(#c${part.within})">${g}</g>` : g;
    if (part.outline !== false) {
      const outline = `<path${tAttr()} d="${part.d}" fill="none" stroke="${p.outline}" stroke-width="1.6" stroke-linejoin="round" stroke-opacity=".85"/>`;
      body +=
        part.within !== undefined ? `<g clip-path="url(#c${part.within})">${outline}</g>` : outline;
    }
  });
  body += `<g${tAttr()}>${drawing.over}</g>`;
  if (view === 'detail') body += `<rect width="${W}" height="${H}" fill="url(#vignette)"/>`;

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<!-- vastra garment renderer v${RENDERER_VERSION}, webp q${WEBP_OPTIONS.quality} e${WEBP_OPTIONS.effort}, widths ${PICTURE_WIDTHS.join(' ')} -->` +
    `<defs>${defs}</defs>${body}</svg>`
  );
}

/** The views a product gets, in order (front, back, then detail and folded). */
function productViews(product: SeedProduct): ImageView[] {
  return IMAGE_VIEWS.slice(0, product.imageCount);
}

/**
 * The picture in every stored width (decision 148), widest first. The SVG is drawn once, at 800 px:
 * drawing is the slow part, so the smaller copies are scaled down from those pixels.
 */
async function svgToWebps(svg: string): Promise<Buffer[]> {
  const { data, info } = await sharp(Buffer.from(svg), { density: 72 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } };
  return Promise.all(
    PICTURE_WIDTHS.map((width) =>
      (width === info.width ? sharp(data, pixels) : sharp(data, pixels).resize({ width }))
        .webp(WEBP_OPTIONS)
        .toBuffer(),
    ),
  );
}

const svgHash = (svg: string) => createHash('sha256').update(svg).digest('hex').slice(0, 10);

/** Renders a product's pictures (imageCount of them) in view order, at the listed 800 px width. */
export async function renderProductImages(
  product: SeedProduct,
): Promise<{ view: View; webp: Buffer }[]> {
  const out: { view: View; webp: Buffer }[] = [];
  for (const view of productViews(product)) {
    const [widest] = await svgToWebps(productSvg(product, view));
    out.push({ view, webp: widest! });
  }
  return out;
}

/**
 * Puts a product's pictures in the store as `products/<key>-<view>-<hash>-w800.webp` and its
 * `-w400.webp` copy (the uploads' naming rule, decision 148; content addressed: a name the store
 * already has is left alone) and returns the 800 px copies' public URLs.
 */
export async function writeProductImages(
  product: SeedProduct,
  store: FileStore,
): Promise<string[]> {
  const urls: string[] = [];
  for (const view of productViews(product)) {
    const svg = productSvg(product, view);
    const stem = `products/${product.key}-${view}-${svgHash(svg)}`;
    const copies = await svgToWebps(svg);
    for (const [i, width] of PICTURE_WIDTHS.entries())
      await store.put(pictureName(stem, width), copies[i]!, 'image/webp');
    urls.push(store.publicUrl(pictureName(stem, PICTURE_WIDTHS[0])));
  }
  return urls;
}
