import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
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
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.message).toMatch(/^quantity: /);
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

  it('hides the message of every 5xx', async () => {
    const app = await appWith((a) => {
      a.get('/boom', async () => {
        throw new Error('connection string postgres://secret@db leaked');
      });
      a.get('/unavailable', async () => {
        throw new AppError('unavailable', 'payment gateway key rejected');
      });
    });
    for (const url of ['/boom', '/unavailable']) {
      const res = await app.inject(url);
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      expect(res.json()).toEqual({ success: false, message: 'Something went wrong' });
    }
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
    expect(res.json().success).toBe(false);
  });
});

describe('describeValidationIssue', () => {
  it.each([
    [{ instancePath: '/address/zipcode', message: 'Too small' }, 'address.zipcode: Too small'],
    [{ instancePath: '/id', message: 'Invalid product id' }, 'Invalid product id'],
    [{ instancePath: '', message: 'Expected object' }, 'Expected object'],
    [
      { instancePath: '/sizes/0', message: 'Too small: expected number to be >0' },
      'sizes.0: Too small: expected number to be >0',
    ],
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
