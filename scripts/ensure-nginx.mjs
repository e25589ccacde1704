// The deployment test (apps/api/src/deploy.deploy.test.ts) puts Debian's nginx in front of two
// server processes, run as the current user. Install it with apt-get when it is missing.
import { fileURLToPath } from 'node:url';
import { ensureDebianPackage } from './ensure-debian-package.mjs';

export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export function ensureNginx() {
  ensureDebianPackage({ program: NGINX_PATH, pkg: 'nginx', name: 'nginx' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureNginx();
