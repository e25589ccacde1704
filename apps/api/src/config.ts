import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ACCOUNT, CONTACT } from '@vastra/shared/constants';
import { emailSchema } from '@vastra/shared/schemas/user';
import { gstinProblem } from '@vastra/shared/tax/gstin';
import { stateByCode } from '@vastra/shared/tax/indian-states';
import { redactUrl } from './lib/redact-url';

/** apps/api/src/config.ts → the repository root is three levels up, wherever the process was started. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  // Accounts.
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters long').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().trim().min(3).default('Vastra <no-reply@vastra.shop>'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  // The proxies whose X-Forwarded-For to believe: their addresses/CIDRs (or proxy-addr's names
  // loopback, linklocal, uniquelocal); 'true' believes every hop, so only behind a proxy that
  // overwrites the header. Hop counts are not offered: Fastify refuses them (fails closed).
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .refine(
      isTrustProxySetting,
      'must be true, false, or proxy addresses/CIDRs (or loopback, linklocal, uniquelocal) separated by commas',
    ),
  // GET /metrics for Prometheus, only with this token (docs/decisions/114-metrics.md).
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters long').optional(),
  // Payments: all three or none; none runs the local Razorpay emulator.
  RAZORPAY_KEY_ID: z
    .string()
    .regex(/^rzp_(test|live)_\w+$/, 'must look like rzp_test_… or rzp_live_…')
    .optional(),
  RAZORPAY_KEY_SECRET: z.string().min(8).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(8).optional(),
  // Who takes payments; unset: Razorpay when its keys are set, the emulator outside production.
  // Production never falls back to the emulator on its own (decision 094).
  PAYMENTS: z.enum(['razorpay', 'emulator'], { error: 'must be razorpay or emulator' }).optional(),
  RAZORPAY_EMULATOR_WEBHOOK_URL: z
    .string()
    .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
    .optional(),
  /**
   * The emulator's webhook retries: seconds to wait after each failed delivery, comma-separated
   * (docs/decisions/119-refunds-and-webhook-retries.md); tests shorten it. Unset: about 24 h.
   */
  EMULATOR_WEBHOOK_RETRIES: z
    .string()
    .regex(
      /^\s*\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?)*\s*$/,
      'must be seconds separated by commas, such as 5,30,120',
    )
    .optional(),
  /** How often the refund retry loop looks for due refunds, in seconds (decision 119). */
  REFUND_RETRY_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds from 0.05 to 3600' })
    .min(0.05, 'must be a number of seconds from 0.05 to 3600')
    .max(3600, 'must be a number of seconds from 0.05 to 3600')
    .default(60),
  // Cash on delivery beside Razorpay at checkout (docs/architecture.md §4.4: configurable, on by default).
  CASH_ON_DELIVERY: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  /** How long an unpaid online order holds its stock and coupon (decision 110). */
  HOLD_MINUTES: z.coerce
    .number({ error: 'must be a whole number of minutes from 1 to 1440' })
    .int('must be a whole number of minutes from 1 to 1440')
    .min(1, 'must be a whole number of minutes from 1 to 1440')
    .max(1440, 'must be a whole number of minutes from 1 to 1440')
    .default(15),
  /** How often unpaid online orders are swept (docs/decisions/118-order-life.md). */
  ORDER_SWEEP_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds from 1 to 3600' })
    .int('must be a whole number of seconds from 1 to 3600')
    .min(1, 'must be a whole number of seconds from 1 to 3600')
    .max(3600, 'must be a whole number of seconds from 1 to 3600')
    .default(60),
  /**
   * `npm run bench` only: orders skip the stock step, for the latency baseline measured beside
   * the real one (decision 110). Refused in production.
   */
  BENCH_WITHOUT_STOCK: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false'),
  // The admin issue: the first shop owner, created at start when no admin exists (both or none).
  ADMIN_EMAIL: emailSchema.optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(ACCOUNT.passwordMinLength, `must be at least ${ACCOUNT.passwordMinLength} characters long`)
    .max(ACCOUNT.passwordMaxLength, `must be at most ${ACCOUNT.passwordMaxLength} characters long`)
    .optional(),
  // Uploaded pictures and clips (decision 115): the local DATA_DIR/uploads unless S3_BUCKET is set.
  S3_BUCKET: z.string().trim().min(3, 'must be a bucket name').optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^/?#]+\/?$/, 'must be an http:// or https:// origin, without a path')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  // Where browsers load uploads from (a CDN, or the bucket's public address); unset: /uploads/ here.
  UPLOADS_PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/?#]+(\/[^?#]*)?$/, 'must be an http:// or https:// URL without ? or #')
    .optional(),
  // The shop's own address for links that leave it (canonical URLs, share tags, the sitemap;
  // docs/decisions/141-links-that-travel.md); unset: the address each request was sent to.
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/?#]+\/?$/, 'must be an http:// or https:// origin, without a path')
    .optional(),
  // The seller on tax invoices (docs/decisions/123-gst-invoices.md); unset: DEMO_SELLER.
  SELLER_LEGAL_NAME: z.string().trim().min(2).max(120).optional(),
  SELLER_ADDRESS: z.string().trim().min(10).max(300).optional(),
  SELLER_GSTIN: z
    .string()
    .trim()
    .toUpperCase()
    .superRefine((value, ctx) => {
      const problem = gstinProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: `is not a valid GSTIN: it ${problem}` });
    })
    .optional(),
  SELLER_SIGNATORY: z.string().trim().min(2).max(120).optional(),
});

/** Empty values count as "not set", so `PORT=` in a shell behaves like no PORT at all. */
function withoutEmptyValues(env: Record<string, string | undefined>): Record<string, string> {
  const cleaned: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = env[key]?.trim();
    if (value) cleaned[key] = value;
  }
  return cleaned;
}

export interface Config {
  nodeEnv: 'development' | 'test' | 'production';
  host: string;
  port: number;
  /** Absolute. Holds `pglite/` (the embedded database), `uploads/` and the lock file. */
  dataDir: string;
  /** PostgreSQL when set; otherwise PGlite under `<dataDir>/pglite`. */
  databaseUrl: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Absolute path of the built storefront (Vite's `dist`). */
  webDistDir: string;
  uploadsDir: string;
  /**
   * Signs session tokens. Required in production; elsewhere, when unset, a random one is created
   * once and kept in `<dataDir>/jwt-secret` (see modules/auth/jwt-secret.ts).
   */
  jwtSecret: string | undefined;
  /** nodemailer's SMTP connection URL; unset: mails go to the log and /dev/outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Rate-limit counters in Redis when set; otherwise in the database. */
  redisUrl: string | undefined;
  /** Behind a load balancer: which X-Forwarded-For hops to believe (Fastify's trustProxy). */
  trustProxy: boolean | string;
  /** Unset: no /metrics. Set: /metrics answers a request with `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  /** Razorpay's keys; unset: the local emulator (providers/payments, decision 060). */
  razorpay: { keyId: string; keySecret: string; webhookSecret: string } | undefined;
  /**
   * Who takes payments: 'razorpay' exactly when `razorpay` holds keys; 'emulator' moves no money
   * and the storefront says so on every page (decision 094).
   */
  payments: 'razorpay' | 'emulator';
  /** Where the emulator posts its webhooks; unset: this server's /api/webhooks/razorpay. */
  razorpayEmulatorWebhookUrl: string | undefined;
  /** Seconds between the emulator's webhook attempts (EMULATOR_WEBHOOK_RETRIES); unset: the default schedule. */
  razorpayEmulatorWebhookRetries: number[] | undefined;
  /** How often the refund retry loop runs, in ms (REFUND_RETRY_SECONDS, default 60 s). */
  refundRetryMs: number;
  /** Whether checkout offers cash on delivery (CASH_ON_DELIVERY, default true). */
  cashOnDelivery: boolean;
  /** How long an unpaid online order holds its stock and coupon, in ms (HOLD_MINUTES, default 15). */
  holdMs: number;
  /** How often unpaid online orders are swept, in ms (ORDER_SWEEP_SECONDS, default 60). */
  sweepEveryMs: number;
  /** The benchmark's baseline: orders without the stock step (BENCH_WITHOUT_STOCK, never in production). */
  benchWithoutStock: boolean;
  /** ADMIN_EMAIL / ADMIN_PASSWORD: made an admin at start if the shop has none (modules/auth/admins.service.ts). */
  bootstrapAdmin: { email: string; password: string } | undefined;
  /** Where uploads are kept (providers/storage, decision 115). */
  storage: { kind: 'local' } | S3StorageConfig;
  /** UPLOADS_PUBLIC_URL without its trailing slash; unset: uploads are served at /uploads/. */
  uploadsPublicUrl: string | undefined;
  /** The seller named on tax invoices: SELLER_* when set, otherwise DEMO_SELLER. */
  seller: SellerIdentity;
  /** PUBLIC_URL without its trailing slash; unset: each request's own origin (decision 141). */
  publicUrl: string | undefined;
}

/** The shop's legal identity on its tax invoices (docs/decisions/123-gst-invoices.md). */
export interface SellerIdentity {
  legalName: string;
  address: string;
  gstin: string;
  /** The GST state code: the GSTIN's first two digits. */
  stateCode: string;
  stateName: string;
  /** Who signs the invoices (the authorised signatory). */
  signatory: string;
  /** True for DEMO_SELLER: every invoice then says it is a demo, not a tax document. */
  demo: boolean;
}

/**
 * Used until SELLER_* are set: the shop's contact address, plainly marked a demo, with a
 * well-formed Karnataka GSTIN that belongs to nobody.
 */
export const DEMO_SELLER: SellerIdentity = {
  legalName: `${CONTACT.storeName} (DEMO – not a registered business)`,
  address: CONTACT.address,
  gstin: '29AAACV1234F1ZL',
  stateCode: '29',
  stateName: 'Karnataka',
  signatory: 'Demo Signatory',
  demo: true,
};

const SELLER_KEYS = [
  'SELLER_LEGAL_NAME',
  'SELLER_ADDRESS',
  'SELLER_GSTIN',
  'SELLER_SIGNATORY',
] as const;

export interface S3StorageConfig {
  kind: 's3';
  bucket: string;
  region: string;
  /** Unset: AWS S3 itself. */
  endpoint: string | undefined;
  /** Both or neither; neither: the SDK's own chain (an instance role, AWS_* variables). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid environment configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once, at start-up. Every bad key is reported together, so a
 * misconfigured deployment fails on its first attempt with the whole list, not one key per restart.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = withoutEmptyValues(env);
  const result = envSchema.safeParse(cleaned);
  const issues = result.success
    ? []
    : result.error.issues.map((issue) => {
        const key = issue.path.join('.') || '(environment)';
        const name = issue.path[0];
        // A secret is never echoed into the start-up log, nor a password inside a URL.
        const value =
          typeof name === 'string' && !/PASSWORD|SECRET|TOKEN/.test(name) ? env[name] : undefined;
        return `${key}: ${issue.message}${value === undefined ? '' : ` (got ${redactUrl(JSON.stringify(value))})`}`;
      });
  // Sessions signed with a per-machine secret would not survive a second process or a redeploy.
  if (cleaned.NODE_ENV === 'production' && !cleaned.JWT_SECRET) {
    issues.push(
      'JWT_SECRET: required when NODE_ENV=production (at least 32 random characters, the same for every server process)',
    );
  }
  // Half a Razorpay configuration would silently fall back to the emulator: refuse it.
  const razorpayKeys = [
    'RAZORPAY_KEY_ID',
    'RAZORPAY_KEY_SECRET',
    'RAZORPAY_WEBHOOK_SECRET',
  ] as const;
  const missingKeys = razorpayKeys.filter((key) => !cleaned[key]);
  const anyKey = missingKeys.length < razorpayKeys.length;
  if (missingKeys.length > 0 && anyKey) {
    for (const key of missingKeys)
      issues.push(
        `${key}: required when any of ${razorpayKeys.join(', ')} is set (all three or none)`,
      );
  } else if (cleaned.PAYMENTS === 'razorpay' && !anyKey) {
    for (const key of razorpayKeys) issues.push(`${key}: required when PAYMENTS=razorpay`);
  } else if (cleaned.PAYMENTS === 'emulator' && anyKey) {
    // Keys left beside an explicit emulator would look like a live shop that collects nothing.
    issues.push(
      `PAYMENTS: emulator takes no money, yet ${razorpayKeys.join(', ')} are set: remove the keys to run the emulator, or unset PAYMENTS to take payments with them`,
    );
  } else if (cleaned.NODE_ENV === 'production' && !anyKey && !cleaned.PAYMENTS) {
    // Without keys the emulator would accept the public test card for real orders.
    issues.push(
      `PAYMENTS: production needs ${razorpayKeys.join(', ')} to take payments; set PAYMENTS=emulator to run without them (a test shop: no money moves)`,
    );
  }
  // Orders that hold no stock would oversell: a measuring aid, never a shop setting.
  if (cleaned.NODE_ENV === 'production' && cleaned.BENCH_WITHOUT_STOCK === 'true')
    issues.push('BENCH_WITHOUT_STOCK: only for the benchmark, never with NODE_ENV=production');
  if (Boolean(cleaned.ADMIN_EMAIL) !== Boolean(cleaned.ADMIN_PASSWORD)) {
    const missing = cleaned.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL';
    issues.push(`${missing}: required when the other of ADMIN_EMAIL, ADMIN_PASSWORD is set`);
  }
  issues.push(...storageIssues(cleaned));
  issues.push(...sellerIssues(cleaned));
  if (!result.success || issues.length > 0) throw new ConfigError(issues);
  const e = result.data;
  const dataDir = path.resolve(e.DATA_DIR ?? path.join(repoRoot, 'data'));
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    uploadsDir: path.join(dataDir, 'uploads'),
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    metricsToken: e.METRICS_TOKEN,
    razorpay:
      e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET && e.RAZORPAY_WEBHOOK_SECRET
        ? {
            keyId: e.RAZORPAY_KEY_ID,
            keySecret: e.RAZORPAY_KEY_SECRET,
            webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
          }
        : undefined,
    payments: e.RAZORPAY_KEY_ID ? 'razorpay' : 'emulator',
    razorpayEmulatorWebhookUrl: e.RAZORPAY_EMULATOR_WEBHOOK_URL,
    razorpayEmulatorWebhookRetries: e.EMULATOR_WEBHOOK_RETRIES?.split(',').map(Number),
    refundRetryMs: Math.round(e.REFUND_RETRY_SECONDS * 1000),
    cashOnDelivery: e.CASH_ON_DELIVERY === 'true',
    holdMs: e.HOLD_MINUTES * 60_000,
    sweepEveryMs: e.ORDER_SWEEP_SECONDS * 1000,
    benchWithoutStock: e.BENCH_WITHOUT_STOCK === 'true',
    bootstrapAdmin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD }
        : undefined,
    storage: e.S3_BUCKET
      ? {
          kind: 's3',
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          // MinIO and most self-hosted stores address buckets by path; AWS and R2 by host name.
          forcePathStyle: (e.S3_FORCE_PATH_STYLE ?? 'false') === 'true',
        }
      : { kind: 'local' },
    uploadsPublicUrl: e.UPLOADS_PUBLIC_URL?.replace(/\/+$/, ''),
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    seller:
      e.SELLER_LEGAL_NAME && e.SELLER_ADDRESS && e.SELLER_GSTIN && e.SELLER_SIGNATORY
        ? {
            legalName: e.SELLER_LEGAL_NAME,
            address: e.SELLER_ADDRESS,
            gstin: e.SELLER_GSTIN,
            stateCode: e.SELLER_GSTIN.slice(0, 2),
            stateName: stateByCode(e.SELLER_GSTIN.slice(0, 2))?.name ?? '',
            signatory: e.SELLER_SIGNATORY,
            demo: false,
          }
        : DEMO_SELLER,
  };
}

/**
 * Half a seller would put the demo's name on real invoices: all four SELLER_* or none. A shop
 * taking real money (live Razorpay keys) must name its real seller.
 */
function sellerIssues(cleaned: Record<string, string>): string[] {
  const missing = SELLER_KEYS.filter((key) => !cleaned[key]);
  if (missing.length > 0 && missing.length < SELLER_KEYS.length)
    return missing.map(
      (key) => `${key}: required when any of ${SELLER_KEYS.join(', ')} is set (all four or none)`,
    );
  if (missing.length > 0 && cleaned.RAZORPAY_KEY_ID?.startsWith('rzp_live_'))
    return missing.map(
      (key) => `${key}: required with live Razorpay keys (tax invoices must name the real seller)`,
    );
  return [];
}

/** S3 settings without a bucket would silently keep uploads on this machine: refuse them. */
function storageIssues(cleaned: Record<string, string>): string[] {
  const issues: string[] = [];
  const s3Keys = [
    'S3_REGION',
    'S3_ENDPOINT',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'S3_FORCE_PATH_STYLE',
  ];
  const stray = s3Keys.filter((key) => cleaned[key]);
  if (!cleaned.S3_BUCKET && stray.length > 0)
    issues.push(`S3_BUCKET: required when ${stray.join(', ')} is set (uploads would stay local)`);
  if (Boolean(cleaned.S3_ACCESS_KEY_ID) !== Boolean(cleaned.S3_SECRET_ACCESS_KEY)) {
    const missing = cleaned.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    issues.push(
      `${missing}: required when the other of S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY is set`,
    );
  }
  return issues;
}

function isTrustProxySetting(value: string): boolean {
  if (/^(true|false)$/i.test(value)) return true;
  return value.split(',').every((part) => {
    const [address = '', bits, ...rest] = part.trim().split('/');
    if (rest.length > 0) return false;
    if (
      bits === undefined &&
      ['loopback', 'linklocal', 'uniquelocal'].includes(address.toLowerCase())
    )
      return true;
    const family = net.isIP(address);
    if (family === 0) return false;
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
  });
}

function parseTrustProxy(value: string): boolean | string {
  if (/^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  return value.replace(/\s+/g, '');
}
