import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addressSchema } from '@vastra/shared/schemas/order';
import { emailSchema, newPasswordSchema } from '@vastra/shared/schemas/user';
import { maxLengthOf } from './schema-limits';

describe('maxLengthOf', () => {
  it.each([
    ['a plain max', z.string().max(5), 5],
    ['the smallest of two', z.string().max(9).max(4), 4],
    ['through a pipe (e-mail)', emailSchema, 254],
    ['through optional (state)', addressSchema.shape.state, 80],
    ['through a transform (phone)', addressSchema.shape.phone, 16],
    ['a regex with its max (PIN code)', addressSchema.shape.zipcode, 6],
    ['a password being set', newPasswordSchema, 128],
    ['no max', z.string().min(1), undefined],
    ['not text', z.enum(['a', 'b']), undefined],
    ['nothing', undefined, undefined],
  ] as const)('%s', (_, schema, expected) => {
    expect(maxLengthOf(schema)).toBe(expected);
  });
});
