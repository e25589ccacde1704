// Browser tests drive Debian's Chromium (Playwright's own browser downloads cannot work here).
// Install it with apt-get when it is missing and we are root; otherwise say what to do.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (fs.existsSync(CHROMIUM_PATH)) return;
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}. Install it with: sudo apt-get install -y chromium`,
    );
  }
  console.log('Installing Chromium from Debian (apt-get) ...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed.`);
  }
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`Chromium still missing at ${CHROMIUM_PATH}.`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureChromium();
