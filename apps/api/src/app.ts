import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { LIMITS } from '@vastra/shared/constants';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { systemClock, type Clock } from './lib/clock';
import { readEmptyJsonAsNoBody } from './lib/json-body';
import { logSafeError } from './lib/log-safe-error';
import { registerAdmin } from './modules/admin/admin.module';
import { registerAccounts } from './modules/auth/auth.module';
import { registerAddresses } from './modules/addresses/addresses.module';
import { registerCart } from './modules/cart/cart.module';
import { registerStock } from './modules/stock/stock.module';
import { registerCatalog } from './modules/catalog/catalog.module';
import { registerCoupons } from './modules/coupons/coupons.module';
import { registerDelivery } from './modules/delivery/delivery.module';
import { registerHomeHero } from './modules/home-hero/home-hero.module';
import { registerMedia } from './modules/media/media.module';
import { registerOrders } from './modules/orders/orders.module';
import { registerPages } from './modules/pages/pages.module';
import { registerRefunds } from './modules/refunds/refunds.module';
import { registerReturns } from './modules/returns/returns.module';
import { registerReviews } from './modules/reviews/reviews.module';
import { registerTax } from './modules/tax/tax.module';
import { registerTaxReport } from './modules/tax/tax-report.module';
import { registerWishlist } from './modules/wishlist/wishlist.module';
import {
  countEarlierOrders,
  heldByShopper,
  openOnlineOrderId,
} from './modules/orders/orders.service';
import { registerApiDocs } from './plugins/api-docs';
import { registerCompression } from './plugins/compression';
import { registerHealth } from './plugins/health';
import { registerMetrics } from './plugins/metrics';
import {
  answerClientError,
  answerFrameworkError,
  registerErrorHandler,
} from './plugins/error-handler';
import { registerRateLimiter } from './plugins/rate-limit/register-rate-limiter';
import {
  registerBodyDeadline,
  REQUEST_TIMEOUTS,
  serverTimeoutOptions,
  type RequestTimeouts,
} from './plugins/request-timeouts';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticFiles } from './plugins/static-files';
import type { Mailer } from './providers/mailer/mailer';
import { registerMailer } from './providers/mailer/mailer.module';
import { registerPayments } from './providers/payments/payments.module';
import { createFileStore } from './providers/storage/create-file-store';
import type { FileStore } from './providers/storage/file-store';

export interface AppDeps {
  config: Config;
  /** Opened and migrated by the caller (server.ts or a test); the app never closes it. */
  database: DatabaseHandle;
  /** Fastify's logger option: pino options, or false in tests that do not look at logs. */
  logger?: FastifyServerOptions['logger'];
  loggerInstance?: FastifyServerOptions['loggerInstance'];
  /** Tests move time by hand (OTP expiry, token expiry); the real clock otherwise. */
  clock?: Clock;
  /** Tests may capture mail; otherwise SMTP (SMTP_URL) or the development outbox. */
  mailer?: Mailer;
  /** Tests shorten how long a client may take to send a request (plugins/request-timeouts.ts). */
  timeouts?: Partial<RequestTimeouts>;
  /** Uploads' store, checked by server.ts before it listens; else made from the config. */
  fileStore?: FileStore;
  /** Tests see the sitemap index with a few products rather than 50,000 (modules/pages/sitemap.ts). */
  sitemapUrlsPerFile?: number;
  /** Tests that list every route with its schemas (the fuzz test) see each one as it is added. */
  onRoute?: (route: RouteOptions) => void;
}

function withSafeErrors(logger: NonNullable<AppDeps['logger']>): AppDeps['logger'] {
  if (logger === false) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, err: logSafeError } };
}

/** Builds the whole app without listening: server.ts listens, tests call `inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const timeouts = { ...REQUEST_TIMEOUTS, ...deps.timeouts };
  const app = Fastify({
    // Every `{ err }` logged goes through logSafeError: no query values in the log (decision 093).
    ...(deps.loggerInstance
      ? { loggerInstance: deps.loggerInstance.child({}, { serializers: { err: logSafeError } }) }
      : { logger: withSafeErrors(deps.logger ?? false) }),
    bodyLimit: LIMITS.bodyBytesMax,
    // A client that never finishes its request must not hold a socket forever (decision 095).
    ...serverTimeoutOptions(timeouts),
    // Behind a load balancer the client's address (per-IP rate limits) is in X-Forwarded-For.
    trustProxy: config.trustProxy,
    // 500 rather than Fastify's 100: a longer id then reaches its zod check ('Invalid product id',
    // 400) instead of missing every route.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // Errors Fastify or Node raise before any route runs get the same `{ success: false, message }`.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });

  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);

  // Every schema is a zod schema from @vastra/shared.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // An empty JSON body is no body: the calls that take none answer (decision 093).
  readEmptyJsonAsNoBody(app);

  registerBodyDeadline(app, timeouts.bodyMs);

  // 1. Third-party, app-wide: headers and compression first, so every answer below gets them.
  await registerSecurityHeaders(app, {
    production: config.nodeEnv === 'production',
    razorpay: config.razorpay !== undefined,
    uploadsPublicUrl: config.uploadsPublicUrl,
  });
  await registerCompression(app);

  // 2. Ours, app-wide: the one error handler, then static files and the not-found/SPA fallback.
  registerErrorHandler(app);
  // The API reference at /api/docs, outside production; before any route, so it sees them all.
  if (config.nodeEnv !== 'production') await registerApiDocs(app);
  // Prometheus at /metrics, off unless METRICS_TOKEN is set; before every route it counts.
  await registerMetrics(app, { token: config.metricsToken, database });
  const store = deps.fileStore ?? createFileStore(config);
  const shell = await registerStaticFiles(app, {
    webDistDir: config.webDistDir,
    uploadsDir: config.uploadsDir,
    store,
  });

  // 3. App-level services, created once and handed to the modules that use them: the clock, the
  //    mailer (and, outside production, its /dev/outbox), the rate limiter's shared counters.
  const db = database.db;
  const clock = deps.clock ?? systemClock;
  const mailer = await registerMailer(app, { config, mailer: deps.mailer });
  const rateLimiter = registerRateLimiter(app, { config, db, clock });
  // /healthz and /readyz, for load balancers and orchestrators.
  await registerHealth(app, { database, store: rateLimiter.store, mailer });

  // 4. The domains, each through its register function (docs/architecture.md §10). Accounts
  //    first: sessions (app.authenticate, app.requireRole) are used by every module after it.
  await registerAccounts(app, { config, db, clock, mailer, rateLimiter });
  // Stock per size: the shoppers' availability map, which every product answer carries.
  const stock = registerStock(app, { database });
  const { catalog, catalogue } = await registerCatalog(app, { database, stock });
  await registerMedia(app, { db });
  // The home page's hero: the owner's pick or the newest products (decision 147); GET / carries it.
  const homeHero = await registerHomeHero(app, { db, catalog, store });
  // Product pages' share tags, the sitemap and robots.txt (docs/decisions/141-links-that-travel.md).
  await registerPages(app, {
    db,
    catalog,
    catalogue,
    stock,
    homeHero,
    shell,
    publicUrl: config.publicUrl,
    sitemapUrlsPerFile: deps.sitemapUrlsPerFile,
  });
  const cart = await registerCart(app, { db, heldByShopper });
  // The shopper's address book and wishlist (decision 129).
  await registerAddresses(app, { db, clock });
  await registerWishlist(app, { db, clock, cart });
  // Payments: the gateway for the orders module, and without Razorpay keys the local emulator
  // under /razorpay-emulator (decision 060).
  const payments = await registerPayments(app, { config, db });
  await registerCoupons(app, {
    db,
    rateLimiter,
    countEarlierOrders,
    openOnlineOrderId,
  });
  // Delivery by PIN code: the check the shop pages ask and checkout enforces (decision 128).
  await registerDelivery(app, { db, clock });
  // Refunds: sent to the provider after the transaction that asked for them, retried by one
  // process at a time, settled by its webhooks (docs/decisions/119-refunds-and-webhook-retries.md).
  const refunds = await registerRefunds(app, {
    database,
    clock,
    mailer,
    gateway: payments.gateway,
    retryEveryMs: config.refundRetryMs,
  });
  // GST invoices and credit notes: the desk the order life issues them with, in its own
  // transactions, for the seller of the configuration (docs/decisions/124-tax-invoices-api.md).
  const tax = await registerTax(app, { db, seller: config.seller });
  await registerOrders(app, {
    db,
    database,
    sweepEveryMs: config.sweepEveryMs,
    refunds,
    tax,
    clock,
    mailer,
    gateway: payments.gateway,
    rateLimiter,
    cashOnDelivery: config.cashOnDelivery,
    holdMs: config.holdMs,
    withoutStock: config.benchWithoutStock,
  });
  // Returns and size exchanges of delivered orders, the shopper's and the admin's calls.
  await registerReturns(app, { db, clock, mailer, refunds, tax });
  // Ratings and reviews of products the shopper received, and the owner's moderation (decision 136).
  await registerReviews(app, { db, clock });
  // The shop owner's API: its product writes drop the catalogue cache above.
  await registerAdmin(app, {
    db,
    catalog,
    store,
    uploadsDir: config.uploadsDir,
    clock,
    mailer,
    refunds,
    tax,
  });
  // The owner's monthly GST report, read from the invoices and credit notes.
  await registerTaxReport(app, { db, clock });

  return app;
}
