import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '@vastra/shared/tax/gstin';
import { ConfigError, DEMO_SELLER, loadConfig } from './config';

/** A real seller (docs/decisions/123-gst-invoices.md): live Razorpay keys need one. */
const SELLER_GSTIN = `27AAPFU0939F1Z${gstinCheckCharacter('27AAPFU0939F1Z')}`;
const SELLER_ENV = {
  SELLER_LEGAL_NAME: 'Vastra Fashions Private Limited',
  SELLER_ADDRESS: '4th floor, 22 Linking Road, Mumbai, Maharashtra 400050',
  SELLER_GSTIN,
  SELLER_SIGNATORY: 'Meera Iyer',
};

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
      payments: 'emulator',
      cashOnDelivery: true,
      storage: { kind: 'local' },
      uploadsPublicUrl: undefined,
      holdMs: 15 * 60_000,
      sweepEveryMs: 60_000,
      benchWithoutStock: false,
      refundRetryMs: 60_000,
      seller: DEMO_SELLER,
    });
  });

  it('reads the webhook retry schedule and the refund retry interval (decision 119)', () => {
    const config = loadConfig({
      EMULATOR_WEBHOOK_RETRIES: '0.2, 1,30',
      REFUND_RETRY_SECONDS: '0.5',
    });
    expect(config.razorpayEmulatorWebhookRetries).toEqual([0.2, 1, 30]);
    expect(config.refundRetryMs).toBe(500);
    expect(() => loadConfig({ EMULATOR_WEBHOOK_RETRIES: '5,soon' })).toThrow(
      /EMULATOR_WEBHOOK_RETRIES: must be seconds separated by commas/,
    );
    expect(() => loadConfig({ REFUND_RETRY_SECONDS: '0' })).toThrow(/REFUND_RETRY_SECONDS/);
  });

  it('keeps uploads in an S3-compatible bucket when S3_BUCKET is set (decision 115)', () => {
    expect(
      loadConfig({
        S3_BUCKET: 'vastra-uploads',
        S3_REGION: 'auto',
        S3_ENDPOINT: 'https://account.r2.example.com/',
        S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI',
        S3_FORCE_PATH_STYLE: 'true',
        UPLOADS_PUBLIC_URL: 'https://cdn.example.com/shop/',
      }),
    ).toMatchObject({
      storage: {
        kind: 's3',
        bucket: 'vastra-uploads',
        region: 'auto',
        endpoint: 'https://account.r2.example.com',
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI',
        forcePathStyle: true,
      },
      uploadsPublicUrl: 'https://cdn.example.com/shop',
    });
  });

  it('refuses S3 settings without a bucket, half a key pair and a bad public URL, never echoing the secret', () => {
    let error: unknown;
    try {
      loadConfig({
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_SECRET_ACCESS_KEY: 'very-secret-value',
        UPLOADS_PUBLIC_URL: 'cdn.example.com',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { issues, message } = error as ConfigError;
    expect(issues.map((i) => i.split(':')[0]).sort()).toEqual([
      'S3_ACCESS_KEY_ID',
      'S3_BUCKET',
      'UPLOADS_PUBLIC_URL',
    ]);
    expect(message).toContain('S3_BUCKET: required when S3_ENDPOINT, S3_SECRET_ACCESS_KEY is set');
    expect(message).not.toContain('very-secret-value');
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
      HOLD_MINUTES: '20',
      PAYMENTS: 'emulator',
    });
    expect(config).toMatchObject({
      cashOnDelivery: false,
      holdMs: 20 * 60_000,
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
      loadConfig({
        NODE_ENV: 'production',
        PORT: 'eighty',
        SMTP_URL: 'http://mail',
        PAYMENTS: 'emulator',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).issues.map((i) => i.split(':')[0]).sort()).toEqual([
      'JWT_SECRET',
      'PORT',
      'SMTP_URL',
    ]);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'too short', PAYMENTS: 'emulator' }),
    ).toThrow(/JWT_SECRET: must be at least 32 characters/);
    expect(loadConfig({ NODE_ENV: 'development' }).jwtSecret).toBeUndefined();
  });

  it('refuses a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });

  it('refuses a hold shorter than a minute, and the stock-less benchmark baseline in production', () => {
    expect(() => loadConfig({ HOLD_MINUTES: '0' })).toThrow(/HOLD_MINUTES/);
    expect(loadConfig({ BENCH_WITHOUT_STOCK: 'true' }).benchWithoutStock).toBe(true);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 's'.repeat(40),
        PAYMENTS: 'emulator',
        BENCH_WITHOUT_STOCK: 'true',
      }),
    ).toThrow(/BENCH_WITHOUT_STOCK/);
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

  describe('payments', () => {
    const keys = {
      RAZORPAY_KEY_ID: 'rzp_live_abc123',
      RAZORPAY_KEY_SECRET: 'key-secret-123',
      RAZORPAY_WEBHOOK_SECRET: 'hook-secret-123',
      // Live keys take real money: the invoices must name the real seller.
      ...SELLER_ENV,
    };
    const production = { NODE_ENV: 'production', JWT_SECRET: 's'.repeat(40) };

    function issuesOf(env: Record<string, string>): string[] {
      try {
        loadConfig(env);
      } catch (error) {
        if (error instanceof ConfigError) return error.issues;
        throw error;
      }
      return [];
    }

    it('refuses to start in production without Razorpay keys, unless the emulator is asked for', () => {
      const issues = issuesOf(production);
      expect(issues).toHaveLength(1);
      expect(issues[0]).toMatch(
        /^PAYMENTS: .*RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET/,
      );
      expect(issues[0]).toContain('PAYMENTS=emulator');
      expect(loadConfig({ ...production, PAYMENTS: 'emulator' })).toMatchObject({
        payments: 'emulator',
        razorpay: undefined,
      });
      expect(loadConfig({ ...production, ...keys })).toMatchObject({
        payments: 'razorpay',
        razorpay: { keyId: 'rzp_live_abc123' },
      });
    });

    it('takes payments with the emulator outside production and with Razorpay when its keys are set', () => {
      expect(loadConfig({}).payments).toBe('emulator');
      expect(loadConfig({ NODE_ENV: 'test' }).payments).toBe('emulator');
      expect(loadConfig(keys).payments).toBe('razorpay');
      expect(loadConfig({ ...keys, PAYMENTS: 'razorpay' }).payments).toBe('razorpay');
    });

    it('PAYMENTS=razorpay requires the three keys, in any environment', () => {
      expect(issuesOf({ PAYMENTS: 'razorpay' }).map((i) => i.split(':')[0])).toEqual([
        'RAZORPAY_KEY_ID',
        'RAZORPAY_KEY_SECRET',
        'RAZORPAY_WEBHOOK_SECRET',
      ]);
    });

    it('refuses PAYMENTS=emulator beside real keys: one of the two is a mistake', () => {
      const issues = issuesOf({ ...production, ...keys, PAYMENTS: 'emulator' });
      expect(issues).toHaveLength(1);
      expect(issues[0]).toMatch(/^PAYMENTS: /);
      expect(issuesOf({ ...keys, PAYMENTS: 'emulator' })).toHaveLength(1);
    });

    it('refuses a PAYMENTS it does not know', () => {
      expect(issuesOf({ PAYMENTS: 'stripe' })[0]).toMatch(
        /^PAYMENTS: must be razorpay or emulator \(got "stripe"\)/,
      );
    });
  });

  it('never prints the password of a connection URL it refuses', () => {
    let error: unknown;
    try {
      loadConfig({
        DATABASE_URL: 'mysql://root:db-pass-1@db:3306/shop',
        REDIS_URL: 'http://:redis-pass-2@cache:6379',
        SMTP_URL: 'http://mailer:smtp-pass-3@mail.example.com',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { message } = error as ConfigError;
    expect(message).not.toMatch(/db-pass-1|redis-pass-2|smtp-pass-3/);
    // What is wrong stays visible: the scheme, the user and the host.
    expect(message).toContain('(got "mysql://root:***@db:3306/shop")');
    expect(message).toContain('(got "http://:***@cache:6379")');
    expect(message).toContain('(got "http://mailer:***@mail.example.com")');
  });

  describe('the seller on tax invoices (docs/decisions/123-gst-invoices.md)', () => {
    const gstin = SELLER_GSTIN;
    const seller = SELLER_ENV;
    const issuesOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        if (error instanceof ConfigError) return error.issues;
        throw error;
      }
      return [];
    };

    it('is DEMO_SELLER when no SELLER_* is set', () => {
      expect(loadConfig({}).seller).toEqual(DEMO_SELLER);
      expect(DEMO_SELLER.demo).toBe(true);
    });

    it('is the configured seller, its state from the GSTIN', () => {
      expect(loadConfig({ ...seller, SELLER_GSTIN: gstin.toLowerCase() }).seller).toEqual({
        legalName: seller.SELLER_LEGAL_NAME,
        address: seller.SELLER_ADDRESS,
        gstin,
        stateCode: '27',
        stateName: 'Maharashtra',
        signatory: 'Meera Iyer',
        demo: false,
      });
    });

    it('refuses an invalid GSTIN, naming SELLER_GSTIN and why', () => {
      const wrongCheck = `${gstin.slice(0, 14)}${gstin[14] === 'A' ? 'B' : 'A'}`;
      expect(issuesOf({ ...seller, SELLER_GSTIN: wrongCheck })).toEqual([
        expect.stringMatching(/^SELLER_GSTIN: .*check character/),
      ]);
      expect(issuesOf({ ...seller, SELLER_GSTIN: '99AAPFU0939F1ZV' })).toEqual([
        expect.stringMatching(/^SELLER_GSTIN: .*not a state code/),
      ]);
      expect(issuesOf({ ...seller, SELLER_GSTIN: 'ABC' })).toEqual([
        expect.stringMatching(/^SELLER_GSTIN: .*15 characters/),
      ]);
    });

    it('with three of the four set, names the missing one', () => {
      const { SELLER_SIGNATORY: _missing, ...three } = seller;
      expect(issuesOf(three)).toEqual([
        expect.stringMatching(/^SELLER_SIGNATORY: required when any of/),
      ]);
    });

    it('must be the real seller with live Razorpay keys', () => {
      const live = {
        RAZORPAY_KEY_ID: 'rzp_live_abc123',
        RAZORPAY_KEY_SECRET: 'key-secret-123',
        RAZORPAY_WEBHOOK_SECRET: 'hook-secret-123',
      };
      expect(
        issuesOf(live)
          .map((i) => i.split(':')[0])
          .sort(),
      ).toEqual(['SELLER_ADDRESS', 'SELLER_GSTIN', 'SELLER_LEGAL_NAME', 'SELLER_SIGNATORY']);
      expect(issuesOf(live)[0]).toMatch(/live Razorpay keys/);
      expect(issuesOf({ ...live, ...seller })).toEqual([]);
    });
  });
});
