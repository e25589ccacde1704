import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emptyBodySchema, isStorableText, text, TEXT_NOT_ALLOWED } from './common';
import { addressSchema, placeOrderRequestSchema } from './order';
import { registerRequestSchema } from './user';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('isStorableText', () => {
  it.each([
    ['plain', 'Asha Rao', true],
    ['Devanagari and emoji pairs', 'आशा 😀👍🏽', true],
    ['NUL', 'a\u0000b', false],
    ['a lone high surrogate', 'x\uD800', false],
    ['a lone low surrogate', '\uDC00x', false],
    ['two high surrogates', '\uD83D\uD83D', false],
  ])('%s', (_name, value, storable) => {
    expect(isStorableText(value)).toBe(storable);
  });
});

describe('text()', () => {
  it('refuses NUL before any later check or transform runs', () => {
    const schema = text({ error: 'Please enter your city' }).trim().min(1).pipe(z.email());
    expect(firstMessage(schema.safeParse('\u0000'))).toBe(TEXT_NOT_ALLOWED);
    expect(schema.safeParse('\u0000').error?.issues).toHaveLength(1);
  });

  it('is used by the fields shoppers type', () => {
    const address = {
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'asha@example.com',
      street: '1 MG Road\u0000',
      city: 'Bengaluru',
      zipcode: '560001',
      country: 'India',
      phone: '9876543210',
    };
    const result = addressSchema.safeParse(address);
    expect(result.error?.issues[0]).toMatchObject({ path: ['street'], message: TEXT_NOT_ALLOWED });
    expect(
      firstMessage(
        registerRequestSchema.safeParse({
          name: '\uD800',
          email: 'a@b.co',
          password: 'x'.repeat(10),
        }),
      ),
    ).toBe(TEXT_NOT_ALLOWED);
  });
});

describe('the default wording', () => {
  it.each<[string, z.ZodType, unknown, string]>([
    ['no body', z.object({ a: z.string() }), undefined, 'Please send the details of this request'],
    ['a null body', z.object({ a: z.string() }), null, 'Please send the details of this request'],
    [
      'a list for an object',
      z.object({ a: z.string() }),
      [],
      'Please send the details as a JSON object',
    ],
    ['a number for text', z.object({ a: z.string() }), { a: 1 }, 'must be text'],
    ['a missing field', z.object({ a: z.string() }), {}, 'is required'],
    ['an empty text', z.object({ a: z.string().min(1) }), { a: '' }, 'must not be empty'],
    [
      'a long text',
      z.object({ a: z.string().max(3) }),
      { a: 'abcd' },
      'must be at most 3 characters long',
    ],
    ['a fraction', z.object({ a: z.number().int() }), { a: 1.5 }, 'must be a whole number'],
    ['a big number', z.object({ a: z.number().max(9) }), { a: 10 }, 'must be at most 9'],
    ['an unknown choice', z.object({ a: z.enum(['x', 'y']) }), { a: 'z' }, 'must be one of: x, y'],
    ['a bad id', z.object({ a: z.uuid() }), { a: 'abc' }, 'is not a valid id'],
    ['a bad e-mail', z.object({ a: z.email() }), { a: 'abc' }, 'must be a valid email address'],
    [
      'an unknown field',
      z.strictObject({}),
      { b: 1 },
      'Please leave out the fields that are not allowed: b',
    ],
  ])('%s', (_name, schema, input, message) => {
    const result = schema.safeParse(input);
    expect(firstMessage(result)).toBe(message);
    expect(message).not.toMatch(/invalid input|\bexpected\b|\breceived\b/i);
  });

  it('gives way to a schema’s own message', () => {
    expect(firstMessage(placeOrderRequestSchema.safeParse(null))).toBe(
      'Please send the order details',
    );
  });
});

describe('emptyBodySchema', () => {
  it.each([undefined, null, {}, { ignored: 1 }])('accepts %j', (body) => {
    expect(emptyBodySchema.safeParse(body).success).toBe(true);
  });
});
