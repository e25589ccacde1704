import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// semver comes with fastify; loaded through require, as it ships no types of its own.
const semver = createRequire(import.meta.url)('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
};

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const readJson = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(repoRoot, file), 'utf8')) as Record<string, unknown>;

describe('the Node.js version the README promises', () => {
  it('is the one every locked package accepts, so `npm install` prints no EBADENGINE', () => {
    const engines = readJson('package.json').engines as { node: string };
    const oldest = semver.minVersion(engines.node)!.version;
    expect(oldest).toBe('20.19.0');
    const lock = readJson('package-lock.json') as {
      packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
    };
    const refusing = Object.entries(lock.packages)
      .filter(([, entry]) => {
        const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return wanted !== undefined && !semver.satisfies(oldest, wanted);
      })
      .map(([name, entry]) => `${name} wants node ${JSON.stringify(entry.engines)}`);
    expect(refusing).toEqual([]);
  });
});
