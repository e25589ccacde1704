import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { LIMITS } from '@vastra/shared/constants';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { Clock } from './lib/clock';
import { readEmptyJsonAsNoBody } from './lib/json-body';
import { logSafeError } from './lib/log-safe-error';
import { registerAdmin } from './modules/admin/admin.module';
import { registerAccounts } from './modules/auth/auth.module';
import { cartRoutes } from './modules/cart/cart.routes';
import { createCartService } from './modules/cart/cart.service';
import { unitsSoldInPaidOrders } from './modules/catalog/bestsellers.repository';
import { bestsellerRoutes } from './modules/catalog/bestsellers.routes';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { CATALOG_CHANGED_CHANNEL, createCatalogService } from './modules/catalog/catalog.service';
import { couponRoutes } from './modules/coupons/coupons.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { registerOrders } from './modules/orders/orders.module';
import { registerApiDocs } from './plugins/api-docs';
import { registerCompression } from './plugins/compression';
import {
  answerClientError,
  answerFrameworkError,
  registerErrorHandler,
} from './plugins/error-handler';
import {
  registerBodyDeadline,
  REQUEST_TIMEOUTS,
  serverTimeoutOptions,
  type RequestTimeouts,
} from './plugins/request-timeouts';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticFiles } from './plugins/static-files';
import type { Mailer } from './providers/mailer/mailer';
import { registerPayments } from './providers/payments/payments.module';

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
  });
  await registerCompression(app);

  // 2. Ours, app-wide: the one error handler, then static files and the not-found/SPA fallback.
  registerErrorHandler(app);
  // The API reference at /api/docs, outside production; before any route, so it sees them all.
  if (config.nodeEnv !== 'production') await registerApiDocs(app);
  await registerStaticFiles(app, { webDistDir: config.webDistDir, uploadsDir: config.uploadsDir });

  // 3. Domain services and their routes. Accounts first: sessions (app.authenticate) are used by
  //    every module after it.
  await registerAccounts(app, { config, database, clock: deps.clock, mailer: deps.mailer });
  const catalog = createCatalogService({ db: database.db, log: app.log });
  // A dropped LISTEN connection is re-established; meanwhile the snapshot expires on its own.
  const unlisten = await database.listen(CATALOG_CHANGED_CHANNEL, () => catalog.invalidate(), {
    onLost: () => catalog.setListening(false),
    onRestored: () => catalog.setListening(true),
  });
  app.addHook('onClose', async () => {
    await unlisten();
  });
  // Build the list before the first shopper asks for it (and fail the start if the query fails).
  app.addHook('onReady', async () => {
    await catalog.snapshot();
  });
  await app.register(catalogRoutes, { catalog });
  await app.register(bestsellerRoutes, {
    catalog,
    unitsSold: () => unitsSoldInPaidOrders(database.db),
  });
  await app.register(mediaRoutes, { db: database.db });
  await app.register(cartRoutes, { cart: createCartService({ db: database.db }) });
  // Payments: the gateway (app.payments) for the orders module, and without Razorpay keys the
  // local emulator under /razorpay-emulator (decision 060).
  await registerPayments(app, { config, database });
  await app.register(couponRoutes, { db: database.db });
  // Orders: checkout, Razorpay verification and webhook, and the 30-minute closure.
  await registerOrders(app, {
    db: database.db,
    clock: deps.clock,
    mailer: app.mailer,
    cashOnDelivery: config.cashOnDelivery,
  });
  // The shop owner's API: its product writes drop the catalogue cache above.
  await registerAdmin(app, {
    db: database.db,
    catalog,
    uploadsDir: config.uploadsDir,
    clock: deps.clock,
  });

  return app;
}
