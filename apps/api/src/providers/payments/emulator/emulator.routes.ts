import crypto from 'node:crypto';
import fs from 'node:fs';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { endpoints, type Endpoint } from '@vastra/shared/api/endpoints';
import type {
  emulatorCreateOrderBodySchema,
  emulatorPayBodySchema,
  emulatorRefundBodySchema,
} from '@vastra/shared/api/endpoints/payments';
import { RAZORPAY_EMULATOR_PREFIX } from '@vastra/shared/api/routes';
import { text } from '@vastra/shared/schemas/common';
import { routeOf } from '../../../lib/endpoint-route';
import { orderEntity, paymentEntity, razorpayError, refundEntity } from './entities';
import type { Emulator } from './emulator.service';

export const EMULATOR_PREFIX = RAZORPAY_EMULATOR_PREFIX;

const CHECKOUT_JS = fs.readFileSync(new URL('./checkout.js', import.meta.url), 'utf8');
const CHECKOUT_CSS = fs.readFileSync(new URL('./checkout.css', import.meta.url), 'utf8');

const orderId = text().regex(/^order_[A-Za-z0-9]{6,40}$/, 'The id provided does not exist');
const paymentId = text().regex(/^pay_[A-Za-z0-9]{6,40}$/, 'The id provided does not exist');
const refundId = text().regex(/^rfnd_[A-Za-z0-9]{6,40}$/, 'The id provided does not exist');
/** Razorpay's rule for `X-Refund-Idempotency`: at least 10 letters, digits, hyphens or underscores. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{10,100}$/;

/** The emulator's routes from the endpoint table, relative to the prefix it is registered under. */
const routes = endpoints.razorpayEmulator;
const at = <E extends Endpoint>(endpoint: E) => routeOf(endpoint, EMULATOR_PREFIX);

function sameText(a: string, b: string): boolean {
  const left = crypto.createHash('sha256').update(a).digest();
  const right = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(left, right);
}

/** HTTP Basic auth with the sandbox key id and secret, as api.razorpay.com asks. */
function authorised(request: FastifyRequest, emulator: Emulator): boolean {
  const header = request.headers.authorization;
  if (!header?.startsWith('Basic ')) return false;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  const keyOk = sameText(decoded.slice(0, colon), emulator.keys.keyId);
  const secretOk = sameText(decoded.slice(colon + 1), emulator.keys.keySecret);
  return keyOk && secretOk;
}

function notFound(reply: FastifyReply) {
  return reply.code(400).send(razorpayError('The id provided does not exist'));
}

/**
 * The emulator (decision 060): the part of api.razorpay.com/v1 the SDK calls for us, the checkout
 * widget, and the widget's pay call. Registered only when no Razorpay keys are configured. Answers
 * are Razorpay's shapes (entities, `{ error: { code, description, … } }`), not the shop's.
 */
export async function emulatorRoutes(
  app: FastifyInstance,
  opts: { emulator: Emulator },
): Promise<void> {
  const { emulator } = opts;

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue?.instancePath.split('/').filter(Boolean).join('.') || undefined;
      return reply
        .code(400)
        .send(razorpayError(issue?.message ?? 'Invalid request', field ? { field } : {}));
    }
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'razorpay emulator failed');
    return reply.code(status).send(
      razorpayError(
        status >= 500 ? 'We are facing some trouble completing your request' : error.message,
        {
          code: status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR',
        },
      ),
    );
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send(razorpayError('The requested URL was not found on the server.')),
  );

  // ---- The REST API (server to server, Basic auth). ----
  await app.register(async (api) => {
    api.addHook('onRequest', async (request, reply) => {
      if (!authorised(request, emulator)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Basic realm="Razorpay emulator"')
          .send(
            razorpayError('Authentication failed', {
              source: 'NA',
              step: 'NA',
              reason: 'NA',
            }),
          );
      }
    });

    api.route({
      ...at(routes.createOrder),
      handler: async (request) => {
        const body = request.body as z.infer<typeof emulatorCreateOrderBodySchema>;
        const notes = Object.fromEntries(
          Object.entries(body.notes ?? {}).map(([key, value]) => [key, String(value)]),
        );
        return orderEntity(
          await emulator.createOrder({
            amount: body.amount,
            currency: body.currency,
            receipt: body.receipt,
            notes,
          }),
        );
      },
    });

    api.route({
      ...at(routes.order),
      handler: async (request, reply) => {
        const id = orderId.safeParse((request.params as { id: string }).id);
        const row = id.success ? await emulator.findOrder(id.data) : undefined;
        return row ? orderEntity(row) : notFound(reply);
      },
    });

    api.route({
      ...at(routes.orderPayments),
      handler: async (request, reply) => {
        const id = orderId.safeParse((request.params as { id: string }).id);
        const order = id.success ? await emulator.findOrder(id.data) : undefined;
        if (!order) return notFound(reply);
        const items = (await emulator.orderPayments(order.id)).map(paymentEntity);
        return { entity: 'collection', count: items.length, items };
      },
    });

    api.route({
      ...at(routes.payment),
      handler: async (request, reply) => {
        const id = paymentId.safeParse((request.params as { id: string }).id);
        const row = id.success ? await emulator.findPayment(id.data) : undefined;
        return row ? paymentEntity(row) : notFound(reply);
      },
    });

    // ---- Refunds (decision 119). ----
    api.route({
      ...at(routes.refund),
      handler: async (request, reply) => {
        const id = paymentId.safeParse((request.params as { id: string }).id);
        if (!id.success) return notFound(reply);
        const header = request.headers['x-refund-idempotency'];
        if (header !== undefined && (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header))) {
          return reply
            .code(400)
            .send(
              razorpayError(
                'The idempotency key must be at least 10 characters of letters, numbers, hyphens and underscores',
              ),
            );
        }
        const body = (request.body ?? {}) as z.infer<typeof emulatorRefundBodySchema>;
        const notes = Object.fromEntries(
          Object.entries(body.notes ?? {}).map(([key, value]) => [key, String(value)]),
        );
        const result = await emulator.refund({
          paymentId: id.data,
          amount: body.amount,
          notes,
          receipt: body.receipt,
          idempotencyKey: header,
        });
        return result.ok
          ? refundEntity(result.refund)
          : reply.code(result.status).send(result.body);
      },
    });

    api.route({
      ...at(routes.paymentRefunds),
      handler: async (request, reply) => {
        const id = paymentId.safeParse((request.params as { id: string }).id);
        const payment = id.success ? await emulator.findPayment(id.data) : undefined;
        if (!payment) return notFound(reply);
        const items = (await emulator.paymentRefunds(payment.id)).map(refundEntity);
        return { entity: 'collection', count: items.length, items };
      },
    });

    api.route({
      ...at(routes.refundGet),
      handler: async (request, reply) => {
        const id = refundId.safeParse((request.params as { id: string }).id);
        const row = id.success ? await emulator.findRefund(id.data) : undefined;
        return row ? refundEntity(row) : notFound(reply);
      },
    });
  });

  // ---- The checkout widget (browser, same origin, so CSP script-src 'self' allows it). ----
  app.route({
    ...at(routes.checkoutScript),
    handler: async (_request, reply) =>
      reply
        .type('application/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(CHECKOUT_JS),
  });
  app.route({
    ...at(routes.checkoutStyles),
    handler: async (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(CHECKOUT_CSS),
  });

  // What the widget's Pay button calls. Public like Razorpay checkout's own calls: it carries the
  // key id, never the secret; the signature it answers is made here with the sandbox secret.
  app.route({
    ...at(routes.pay),
    handler: async (request, reply) => {
      const body = request.body as z.infer<typeof emulatorPayBodySchema>;
      if (!sameText(body.key_id, emulator.keys.keyId)) {
        return reply
          .code(401)
          .send(razorpayError('The api key provided is invalid', { field: 'key' }));
      }
      const base = {
        orderId: body.order_id,
        email: body.email,
        contact: body.contact,
        simulateFailure: body.simulate_failure,
      };
      let result;
      if (body.method === 'upi') {
        if (!body.vpa)
          return reply.code(400).send(razorpayError('Please enter your UPI ID', { field: 'vpa' }));
        result = await emulator.pay({ ...base, method: 'upi', vpa: body.vpa });
      } else {
        if (!body.card)
          return reply
            .code(400)
            .send(razorpayError('Please enter your card details', { field: 'card' }));
        result = await emulator.pay({ ...base, method: 'card', card: body.card });
      }
      reply.header('cache-control', 'no-store');
      return result.ok ? result.response : reply.code(result.status).send(result.body);
    },
  });
}
