import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { text } from '@vastra/shared/schemas/common';
import { AppError, httpStatusOf } from '../lib/app-error';
import { describeValidationIssue, registerErrorHandler } from './error-handler';

async function appWith(register: (app: ReturnType<typeof build>) => void) {
  const app = build();
  register(app);
  await app.ready();
  return app;
}

function build() {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  return app.withTypeProvider<ZodTypeProvider>();
}

describe('the one error handler', () => {
  it('names the invalid body field', async () => {
    const app = await appWith((a) =>
      a.post(
        '/items',
        { schema: { body: z.object({ itemId: z.string(), quantity: z.number().int().max(10) }) } },
        async () => ({ ok: true }),
      ),
    );
    const res = await app.inject({
      method: 'POST',
      url: '/items',
      payload: { itemId: 'a', quantity: 11 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'quantity: must be at most 10' });
  });

  it.each([
    ['no body at all', undefined, 'Please send the details of this request'],
    ['a JSON null', 'null', 'Please send the details of this request'],
    ['a list', '[]', 'Please send the details as a JSON object'],
    ['a number for a text field', '{"itemId":5,"quantity":1}', 'itemId: must be text'],
    ['a text for a number', '{"itemId":"a","quantity":"1"}', 'quantity: must be a number'],
    ['a missing field', '{"quantity":1}', 'itemId: is required'],
    ['a fraction', '{"itemId":"a","quantity":1.5}', 'quantity: must be a whole number'],
    [
      'a NUL',
      '{"itemId":"a\\u0000","quantity":1}',
      'itemId: contains characters that are not allowed',
    ],
    [
      'a lone surrogate',
      '{"itemId":"\\ud800","quantity":1}',
      'itemId: contains characters that are not allowed',
    ],
  ])('words a refusal of %s plainly', async (_name, payload, message) => {
    const app = await appWith((a) =>
      a.post(
        '/items',
        { schema: { body: z.object({ itemId: text(), quantity: z.number().int().max(10) }) } },
        async () => ({ ok: true }),
      ),
    );
    const res = await app.inject({
      method: 'POST',
      url: '/items',
      ...(payload === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, payload }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message });
  });

  it('passes through a message that already names its field', async () => {
    const app = await appWith((a) =>
      a.post(
        '/login',
        { schema: { body: z.object({ email: z.email({ error: 'Please enter a valid email' }) }) } },
        async () => ({ ok: true }),
      ),
    );
    const res = await app.inject({ method: 'POST', url: '/login', payload: { email: 'nope' } });
    expect(res.json()).toEqual({ success: false, message: 'Please enter a valid email' });
  });

  it('maps AppError types to their status and keeps 4xx messages', async () => {
    const app = await appWith((a) => {
      a.get('/conflict', async () => {
        throw new AppError('conflict', 'Email already registered');
      });
      a.get('/slow-down', async () => {
        throw new AppError('too_many_requests', 'Please wait 30 seconds');
      });
    });
    const conflict = await app.inject('/conflict');
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ success: false, message: 'Email already registered' });
    expect((await app.inject('/slow-down')).statusCode).toBe(429);
  });

  it('hides the message of an unexpected error', async () => {
    const app = await appWith((a) => {
      a.get('/boom', async () => {
        throw new Error('connection string postgres://secret@db leaked');
      });
      a.get('/bug', async () => {
        throw new AppError('unexpected', 'priceCart accepted no coupon');
      });
    });
    for (const url of ['/boom', '/bug']) {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ success: false, message: 'Something went wrong' });
    }
  });

  it('passes through the message of a 503 written for shoppers', async () => {
    const app = await appWith((a) =>
      a.get('/mail', async () => {
        throw new AppError(
          'unavailable',
          'We could not send the email. Please try again in a moment.',
        );
      }),
    );
    const res = await app.inject('/mail');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      success: false,
      message: 'We could not send the email. Please try again in a moment.',
    });
  });

  it('keeps the status of Fastify client errors such as an unsupported media type', async () => {
    const app = await appWith((a) => a.post('/x', async () => ({ ok: true })));
    const res = await app.inject({
      method: 'POST',
      url: '/x',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      success: false,
      message: 'Please send the details as JSON (application/json)',
    });
  });
});

describe('describeValidationIssue', () => {
  it.each([
    [
      { instancePath: '/address/zipcode', message: 'must not be empty' },
      'address.zipcode: must not be empty',
    ],
    [{ instancePath: '/id', message: 'Invalid product id' }, 'Invalid product id'],
    [{ instancePath: '/search', message: 'search is too long' }, 'search is too long'],
    [
      { instancePath: '/orderId', message: 'We could not find this order' },
      'We could not find this order',
    ],
    [
      { instancePath: '', message: 'Please send the order details' },
      'Please send the order details',
    ],
    [{ instancePath: '/sizes/0', message: 'must be at least 1' }, 'sizes.0: must be at least 1'],
  ])('%j → %s', (issue, expected) => {
    expect(describeValidationIssue(issue)).toBe(expected);
  });
});

describe('httpStatusOf', () => {
  it('maps the closed list', () => {
    expect(httpStatusOf('invalid_data')).toBe(400);
    expect(httpStatusOf('unauthorized')).toBe(401);
    expect(httpStatusOf('forbidden')).toBe(403);
    expect(httpStatusOf('not_found')).toBe(404);
    expect(httpStatusOf('payment_error')).toBe(402);
  });
});
