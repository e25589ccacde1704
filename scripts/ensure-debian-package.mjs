// Tests that need a Debian program (Chromium, nginx) install its package with apt-get when the
// program is missing and we are root; otherwise they say what to run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export function ensureDebianPackage({ program, pkg, name }) {
  if (fs.existsSync(program)) return;
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    throw new Error(
      `${name} is missing at ${program}. Install it with: sudo apt-get install -y ${pkg}`,
    );
  }
  console.log(`Installing ${name} from Debian (apt-get) ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', pkg],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed.`);
  }
  if (!fs.existsSync(program)) throw new Error(`${name} still missing at ${program}.`);
}
