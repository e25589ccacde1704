import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('loadConfig', () => {
  it('has a default for everything, with paths anchored at the repository, not the working directory', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      nodeEnv: 'development',
      host: '0.0.0.0',
      port: 3000,
      dataDir: path.join(repoRoot, 'data'),
      databaseUrl: undefined,
      logLevel: 'info',
      webDistDir: path.join(repoRoot, 'apps/web/dist'),
      uploadsDir: path.join(repoRoot, 'data/uploads'),
      jwtSecret: undefined,
      smtpUrl: undefined,
      mailFrom: 'Vastra <no-reply@vastra.shop>',
      redisUrl: undefined,
      trustProxy: false,
      cashOnDelivery: true,
    });
  });

  it('reads every key', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '3101',
      DATA_DIR: '/srv/vastra',
      DATABASE_URL: 'postgres://shop@db:5432/vastra',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/srv/web',
      JWT_SECRET: 's'.repeat(40),
      SMTP_URL: 'smtps://shop:pw@mail.example.com:465',
      MAIL_FROM: 'Vastra Orders <orders@vastra.shop>',
      REDIS_URL: 'redis://cache:6379',
      TRUST_PROXY: 'true',
      CASH_ON_DELIVERY: 'false',
    });
    expect(config).toMatchObject({
      cashOnDelivery: false,
      jwtSecret: 's'.repeat(40),
      smtpUrl: 'smtps://shop:pw@mail.example.com:465',
      mailFrom: 'Vastra Orders <orders@vastra.shop>',
      redisUrl: 'redis://cache:6379',
      trustProxy: true,
      nodeEnv: 'production',
      host: '127.0.0.1',
      port: 3101,
      dataDir: '/srv/vastra',
      databaseUrl: 'postgres://shop@db:5432/vastra',
      logLevel: 'warn',
      webDistDir: '/srv/web',
      uploadsDir: '/srv/vastra/uploads',
    });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', DATA_DIR: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      dataDir: path.join(repoRoot, 'data'),
    });
  });

  it('fails fast, listing every bad key at once', () => {
    let error: unknown;
    try {
      loadConfig({
        NODE_ENV: 'staging',
        PORT: 'eighty',
        LOG_LEVEL: 'loud',
        DATABASE_URL: 'mysql://x',
        HOST: 'ok',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { issues, message } = error as ConfigError;
    expect(issues.map((i) => i.split(':')[0]).sort()).toEqual([
      'DATABASE_URL',
      'LOG_LEVEL',
      'NODE_ENV',
      'PORT',
    ]);
    for (const key of ['NODE_ENV', 'PORT', 'LOG_LEVEL', 'DATABASE_URL'])
      expect(message).toContain(key);
    expect(message).toContain('"eighty"');
  });

  it('requires JWT_SECRET in production, listed with the other bad keys', () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production', PORT: 'eighty', SMTP_URL: 'http://mail' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).issues.map((i) => i.split(':')[0]).sort()).toEqual([
      'JWT_SECRET',
      'PORT',
      'SMTP_URL',
    ]);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'too short' })).toThrow(
      /JWT_SECRET: must be at least 32 characters/,
    );
    expect(loadConfig({ NODE_ENV: 'development' }).jwtSecret).toBeUndefined();
  });

  it('refuses a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });

  it.each([
    ['false', false],
    ['TRUE', true],
    ['loopback', 'loopback'],
    ['10.0.0.0/8', '10.0.0.0/8'],
    ['10.0.0.1, 10.0.0.2', '10.0.0.1,10.0.0.2'],
    ['::1', '::1'],
  ] as const)('reads TRUST_PROXY=%s as %s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('refuses a TRUST_PROXY it cannot read', () => {
    for (const bad of ['yes', '1', '10.0.0.0/40', '10.0.0.0/8/1', '10.0.0.1, nowhere']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(
        /TRUST_PROXY: must be true, false, or proxy addresses/,
      );
    }
  });
});
