// Browser tests drive Debian's Chromium (Playwright's own browser downloads cannot work here).
// Install it with apt-get when it is missing and we are root; otherwise say what to do.
import { fileURLToPath } from 'node:url';
import { ensureDebianPackage } from './ensure-debian-package.mjs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  ensureDebianPackage({ program: CHROMIUM_PATH, pkg: 'chromium', name: 'Chromium' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureChromium();
