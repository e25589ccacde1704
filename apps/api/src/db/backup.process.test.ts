import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from './schema/users';
import { hashPassword } from '../modules/auth/passwords';
import { insertOrder, insertProducts } from '../test/fixtures';
import { startServer, type Started } from '../test/server-process';
import { makeTempDir } from '../test/test-app';
import { preparePgliteDataDir } from '../test/test-database';

/** `npm run backup` and `npm run restore` as a shop owner runs them (decision 117). */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const ADMIN = { email: 'owner@example.com', password: 'owner-password-1' };
const PICTURE = Buffer.from('RIFF----WEBPVP8 a picture of a shirt');

function npmScript(
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const { DATABASE_URL: _a, TEST_DATABASE_URL: _b, ...inherited } = process.env;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, `apps/api/scripts/${script}.ts`), ...args],
    { cwd: repoRoot, env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

async function listening(server: Started): Promise<string> {
  return (await server.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/))[1]!;
}

async function adminToken(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const body = (await res.json()) as { token?: string };
  if (!body.token) throw new Error(`admin login failed: ${JSON.stringify(body)}`);
  return body.token;
}

async function ordersSeenBy(origin: string, token: string) {
  const res = await fetch(`${origin}/api/admin/orders`, { headers: { token } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { orders: { _id: string; status: string }[] };
  return Object.fromEntries(body.orders.map((o) => [o._id, o.status]));
}

describe('backup while the shop runs, restore into a new data dir', () => {
  const dataDir = makeTempDir('shop');
  const web = makeTempDir('web');
  const orderIds: string[] = [];
  let shop: Started;
  let origin: string;

  beforeAll(async () => {
    await preparePgliteDataDir(dataDir, async ({ db }) => {
      await insertProducts(db, [{ name: 'Linen Shirt' }]);
      const [admin] = await db
        .insert(users)
        .values({
          name: 'Owner',
          email: ADMIN.email,
          passwordHash: await hashPassword(ADMIN.password),
          role: 'admin',
        })
        .returning({ id: users.id });
      for (let i = 0; i < 7; i++) orderIds.push((await insertOrder(db, admin!.id)).id);
    });
    fs.mkdirSync(path.join(dataDir, 'uploads/products'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'uploads/products/linen-front-1a2b3c.webp'), PICTURE);
    shop = startServer({ DATA_DIR: dataDir, WEB_DIST_DIR: web });
    origin = await listening(shop);
  });

  afterAll(() => shop?.kill('SIGKILL'));

  it('snapshots the running server, refuses a non-empty target, and a restored shop has every order and picture', async () => {
    const token = await adminToken(origin);
    // A change the running server made, and one made while the backup is taken.
    const ship = (id: string, status: string) =>
      fetch(`${origin}/api/admin/orders/${id}/status`, {
        method: 'POST',
        headers: { token, 'content-type': 'application/json' },
        body: JSON.stringify({ status }),
      });
    expect((await ship(orderIds[0]!, 'Packing')).status).toBe(200);

    const file = path.join(makeTempDir('backups'), 'shop.tar.gz');
    const [backup, during] = await Promise.all([
      npmScript('backup', [file], { DATA_DIR: dataDir }),
      ship(orderIds[1]!, 'Packing'),
    ]);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain('from the running server');
    expect(backup.output).toContain('pictures and clips: 1 files');
    expect(during.status).toBe(200);
    // The shop kept serving, and still holds its data directory.
    expect((await fetch(`${origin}/api/product/list`)).status).toBe(200);
    const before = await ordersSeenBy(origin, token);

    const occupied = makeTempDir('occupied');
    fs.writeFileSync(path.join(occupied, 'notes.txt'), 'keep me');
    const refused = await npmScript('restore', [file], { DATA_DIR: occupied });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`The data directory ${occupied} is not empty`);
    expect(fs.readdirSync(occupied)).toEqual(['notes.txt']);

    const restoredDir = path.join(makeTempDir('restored'), 'data');
    const restored = await npmScript('restore', [file], { DATA_DIR: restoredDir });
    expect(restored.code, restored.output).toBe(0);

    const copy = startServer({ DATA_DIR: restoredDir, WEB_DIST_DIR: web });
    try {
      const copyOrigin = await listening(copy);
      const seen = await ordersSeenBy(copyOrigin, await adminToken(copyOrigin));
      expect(Object.keys(seen).sort()).toEqual([...orderIds].sort());
      expect(seen[orderIds[0]!]).toBe('Packing');
      // The change made during the backup is in it or not, whole: the snapshot is consistent.
      expect(['Order Placed', 'Packing']).toContain(seen[orderIds[1]!]);
      expect(before[orderIds[1]!]).toBe('Packing');
      const picture = await fetch(`${copyOrigin}/uploads/products/linen-front-1a2b3c.webp`);
      expect(picture.status).toBe(200);
      expect(Buffer.from(await picture.arrayBuffer())).toEqual(PICTURE);
    } finally {
      copy.kill('SIGKILL');
    }
    // Five processes on a 2-core machine: tsx alone takes seconds to start each.
  }, 120_000);

  it('refuses on PostgreSQL and points to pg_dump', async () => {
    const result = await npmScript('backup', [], {
      DATA_DIR: makeTempDir('pg'),
      DATABASE_URL: 'postgres://shop@127.0.0.1:1/vastra',
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain('back it up with pg_dump');
  });
});
