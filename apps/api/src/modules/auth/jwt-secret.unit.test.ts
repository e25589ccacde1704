import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JWT_SECRET_FILE, resolveJwtSecret } from './jwt-secret';

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-secret-'));
}

describe('resolveJwtSecret', () => {
  it('uses JWT_SECRET when it is set, and writes nothing', () => {
    const dataDir = tempDir();
    expect(resolveJwtSecret({ jwtSecret: 'x'.repeat(40), dataDir })).toBe('x'.repeat(40));
    expect(fs.existsSync(path.join(dataDir, JWT_SECRET_FILE))).toBe(false);
  });

  it('otherwise creates a random secret once, readable by the owner only, and keeps it', () => {
    const dataDir = path.join(tempDir(), 'not-yet-created');
    const first = resolveJwtSecret({ jwtSecret: undefined, dataDir });
    const file = path.join(dataDir, JWT_SECRET_FILE);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveJwtSecret({ jwtSecret: undefined, dataDir })).toBe(first);
    expect(resolveJwtSecret({ jwtSecret: undefined, dataDir: tempDir() })).not.toBe(first);
  });

  it('refuses a secret file that holds no usable secret', () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, JWT_SECRET_FILE), 'short\n', { mode: 0o600 });
    expect(() => resolveJwtSecret({ jwtSecret: undefined, dataDir })).toThrow(/no usable secret/);
  });
});
