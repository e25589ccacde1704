// Makes the four demo clips of the home page's video carousel with Debian's ffmpeg and the DejaVu
// fonts (apt-get install ffmpeg fonts-dejavu-core). The clips are committed under
// apps/api/assets/videos/; this script documents how they were made and is never run at install
// or start. Re-run it after changing a clip or a number it shows:
//
//   node --import tsx apps/api/scripts/make-demo-videos.ts
//
// Each clip: 480×600 (4:5, like the product pictures), 5 s at 25 fps, an animated gradient in the
// shop's palette, the wordmark, a headline and a line under it fading in (no call to action: a clip is not a link). VP9 WebM, no audio.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DELIVERY_DAYS,
  DEMO_VIDEOS,
  RETURN_WINDOW_DAYS,
  SHOP_NAME,
} from '@vastra/shared/constants';

const OUT_DIR = path.resolve(import.meta.dirname, '../assets/videos');
const FONTS = '/usr/share/fonts/truetype/dejavu';
const SERIF_BOLD = `${FONTS}/DejaVuSerif-Bold.ttf`;
const SANS = `${FONTS}/DejaVuSans.ttf`;
const SANS_BOLD = `${FONTS}/DejaVuSans-Bold.ttf`;
const W = 480;
const H = 600;
const SECONDS = 5;

type Key = (typeof DEMO_VIDEOS)[number]['key'];

/** Headline, the line under it, and two gradient colours per clip. */
const LOOKS: Record<
  Key,
  { headline: string[]; line: string; from: string; to: string; ink: string }
> = {
  'new-season': {
    headline: ['NEW', 'SEASON'],
    line: 'Shirts · T-shirts · Pants',
    from: '0x9f3a1f',
    to: '0x2b1a14',
    ink: 'white',
  },
  'premium-cotton': {
    headline: ['PREMIUM', 'COTTON'],
    line: 'Breathable. Soft. Made to last.',
    from: '0xe9dfd0',
    to: '0xb9a58a',
    ink: '0x1c1917',
  },
  'easy-returns': {
    headline: [`${RETURN_WINDOW_DAYS}-DAY`, 'RETURNS'],
    line: 'Easy return and exchange',
    from: '0x1f4e3d',
    to: '0x0f2a22',
    ink: 'white',
  },
  'delivery-india': {
    headline: ['DELIVERED', 'ACROSS INDIA'],
    line: `In ${DELIVERY_DAYS.min}–${DELIVERY_DAYS.max} business days`,
    from: '0x1c1917',
    to: '0x4a3f36',
    ink: 'white',
  },
};

function ffmpegAvailable(): boolean {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** drawtext reads text from files, so no character of the copy needs filter-graph escaping. */
function textFile(dir: string, name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

function makeClip(key: Key, file: string, tmp: string): void {
  const look = LOOKS[key];
  // Fade in from 0.3 s over 0.7 s and rise 24 px while doing it; the line follows 0.4 s later.
  const fade = (start: number) => `alpha='min(1,max(0,(t-${start})/0.7))'`;
  const rise = (y: number, start: number) => `y='${y}+24*max(0,1-(t-${start})/0.7)'`;
  const filters = [
    `gradients=s=${W}x${H}:c0=${look.from}:c1=${look.to}:x0=0:y0=0:x1=${W}:y1=${H}:speed=0.018:duration=${SECONDS}:rate=25`,
    // A hairline frame inside the edge, as on the shop's cards.
    `drawbox=x=18:y=18:w=${W - 36}:h=${H - 36}:color=${look.ink}@0.35:t=1`,
    `drawtext=fontfile=${SANS_BOLD}:textfile=${textFile(tmp, `${key}-brand.txt`, SHOP_NAME.toUpperCase())}:fontsize=20:fontcolor=${look.ink}@0.9:x=(w-text_w)/2:y=54`,
    ...look.headline.map(
      (line, i) =>
        `drawtext=fontfile=${SERIF_BOLD}:textfile=${textFile(tmp, `${key}-h${i}.txt`, line)}:fontsize=${line.length > 8 ? 44 : 56}:fontcolor=${look.ink}:x=(w-text_w)/2:${rise(230 + i * 70, 0.3)}:${fade(0.3)}`,
    ),
    `drawbox=x=(iw-60)/2:y=390:w=60:h=2:color=${look.ink}@0.8:t=fill:enable='gte(t,0.7)'`,
    `drawtext=fontfile=${SANS}:textfile=${textFile(tmp, `${key}-line.txt`, look.line)}:fontsize=22:fontcolor=${look.ink}@0.92:x=(w-text_w)/2:${rise(414, 0.7)}:${fade(0.7)}`,
    'format=yuv420p',
  ];
  execFileSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      filters.join(','),
      '-t',
      String(SECONDS),
      '-c:v',
      'libvpx-vp9',
      '-b:v',
      '0',
      '-crf',
      '40',
      '-row-mt',
      '1',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      '-an',
      path.join(OUT_DIR, file),
    ],
    { stdio: 'inherit' },
  );
}

if (!ffmpegAvailable()) {
  console.error('ffmpeg is not installed: apt-get install -y ffmpeg fonts-dejavu-core');
  process.exit(1);
}
fs.mkdirSync(OUT_DIR, { recursive: true });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-videos-'));
try {
  for (const { key, file } of DEMO_VIDEOS) {
    makeClip(key, file, tmp);
    const size = fs.statSync(path.join(OUT_DIR, file)).size;
    console.log(`${file}: ${(size / 1024).toFixed(1)} KB`);
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
