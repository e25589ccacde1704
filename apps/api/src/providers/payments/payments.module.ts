import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '@vastra/shared/api/endpoints';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { routeOf } from '../../lib/endpoint-route';
import { resolveJwtSecret } from '../../modules/auth/jwt-secret';
import { EMULATOR_PREFIX, emulatorRoutes } from './emulator/emulator.routes';
import { createEmulator, type Emulator } from './emulator/emulator.service';
import { createWebhookSender } from './emulator/webhooks';
import {
  createRazorpayGateway,
  RAZORPAY_CHECKOUT_SCRIPT,
  type PaymentGateway,
} from './payment-gateway';
import { sandboxKeys } from './sandbox-keys';

const WEBHOOK_PATH = endpoints.orders.webhook.url;

interface Payments {
  gateway: PaymentGateway;
  /** Set only in emulator mode; tests use it to await webhook deliveries. */
  emulator: Emulator | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment provider (and, without Razorpay keys, its local emulator). */
    payments: Payments;
  }
}

/** This server's own address on loopback, once it listens (port 0 in tests). */
function ownOrigin(app: FastifyInstance): string | undefined {
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') return undefined;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard
    ? '127.0.0.1'
    : address.family === 'IPv6'
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}

interface PaymentsDeps {
  config: Config;
  /** The emulator keeps its orders and payments in the database. */
  db: Database;
}

/**
 * Payments: Razorpay through its SDK when RAZORPAY_* are set; otherwise the same SDK
 * pointed at the emulator this app serves under /razorpay-emulator (decision 060).
 */
export async function registerPayments(
  app: FastifyInstance,
  deps: PaymentsDeps,
): Promise<Payments> {
  const { config } = deps;
  let payments: Payments;
  if (config.payments === 'razorpay' && config.razorpay) {
    payments = {
      gateway: createRazorpayGateway({
        keys: config.razorpay,
        mode: 'razorpay',
        checkoutScriptUrl: RAZORPAY_CHECKOUT_SCRIPT,
      }),
      emulator: undefined,
    };
  } else {
    // Production reaches here only with PAYMENTS=emulator (config.ts refuses it otherwise).
    if (config.nodeEnv === 'production') {
      app.log.warn(
        'PAYMENTS=emulator: payments go to the local Razorpay emulator, no money is collected, and the storefront shows a test-mode banner',
      );
    }
    const keys = sandboxKeys(resolveJwtSecret(config));
    const webhooks = createWebhookSender({
      db: deps.db,
      retrySeconds: config.razorpayEmulatorWebhookRetries,
      webhookSecret: keys.webhookSecret,
      url: () => {
        if (config.razorpayEmulatorWebhookUrl) return config.razorpayEmulatorWebhookUrl;
        const origin = ownOrigin(app);
        return origin && `${origin}${WEBHOOK_PATH}`;
      },
      log: app.log,
    });
    const emulator = createEmulator({ db: deps.db, keys, webhooks });
    const gateway = createRazorpayGateway({
      keys,
      mode: 'emulator',
      checkoutScriptUrl: `${EMULATOR_PREFIX}/checkout.js`,
      baseUrl: () => {
        const origin = ownOrigin(app);
        if (!origin) {
          throw new AppError(
            'unavailable',
            'The payment emulator is reachable only once the server listens',
          );
        }
        return `${origin}${EMULATOR_PREFIX}`;
      },
    });
    await app.register(emulatorRoutes, { prefix: EMULATOR_PREFIX, emulator });
    // Every process delivers the outbox's due events (a retry may be another process's event).
    app.addHook('onReady', async () => webhooks.start());
    // Deliveries still running would otherwise post to a server that is closing.
    app.addHook('onClose', () => webhooks.stop());
    payments = { gateway, emulator };
  }
  app.decorate('payments', payments);
  // Public: the storefront reads it once per visit to show its test-mode banner. Not cached, so
  // a restart with other settings shows at the next visit.
  const mode = payments.gateway.mode;
  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOf(endpoints.payments.mode),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { success: true as const, mode };
    },
  });
  return payments;
}
