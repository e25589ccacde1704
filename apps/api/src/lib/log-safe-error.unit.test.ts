import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { logSafeError } from './log-safe-error';

const EMAIL = 'asha.rao@example.com';
const PHONE = '9876543210';
const STREET = '1 MG Road';

/** A unique violation as pg reports it: the value is in `detail`. */
function uniqueViolation(): pg.DatabaseError {
  const error = new pg.DatabaseError(
    'duplicate key value violates unique constraint "users_email_unique"',
    0,
    'error',
  );
  Object.assign(error, {
    severity: 'ERROR',
    code: '23505',
    detail: `Key (email)=(${EMAIL}) already exists.`,
    table: 'users',
    constraint: 'users_email_unique',
    schema: 'public',
  });
  return error;
}

describe('logSafeError', () => {
  it('keeps the query text and the SQLSTATE but never a parameter value or the detail', () => {
    const query = 'insert into "orders" ("address", "phone") values ($1, $2)';
    const params = [JSON.stringify({ email: EMAIL, street: STREET }), PHONE];
    const error = new DrizzleQueryError(query, params, uniqueViolation());
    // What pino's own serializer would have written: the values are there.
    expect(error.message).toContain(PHONE);

    const logged = logSafeError(error);
    const text = JSON.stringify(logged);
    for (const value of [EMAIL, PHONE, STREET]) expect(text).not.toContain(value);
    expect(logged.query).toBe(query);
    expect(logged.message).toBe('Failed query (2 parameter values not logged)');
    expect(logged.stack).toMatch(/^DrizzleQueryError: Failed query \(2 parameter values/);
    expect(logged.stack).toMatch(/\n\s+at /);
    expect(logged.cause).toMatchObject({
      code: '23505',
      constraint: 'users_email_unique',
      table: 'users',
    });
  });

  it('hides a value PostgreSQL quotes in its message', () => {
    const error = new pg.DatabaseError(
      `invalid input syntax for type uuid: "${EMAIL}"`,
      0,
      'error',
    );
    Object.assign(error, { severity: 'ERROR', code: '22P02' });
    const logged = logSafeError(error);
    expect(logged.message).toBe('invalid input syntax for type uuid: "[redacted]"');
    expect(JSON.stringify(logged)).not.toContain(EMAIL);
  });

  it('drops the params PGlite puts on its own errors', () => {
    const error = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      severity: 'ERROR',
      code: '22021',
      query: 'update "users" set "name" = $1',
      params: [`${EMAIL}\u0000`],
    });
    const logged = logSafeError(error);
    expect(JSON.stringify(logged)).not.toContain(EMAIL);
    expect(logged.code).toBe('22021');
  });

  it('keeps an ordinary error as it is', () => {
    const logged = logSafeError(
      Object.assign(new TypeError('x is not a function'), { code: 'E1' }),
    );
    expect(logged).toMatchObject({ type: 'TypeError', message: 'x is not a function', code: 'E1' });
    expect(logged.stack).toMatch(/^TypeError: x is not a function\n\s+at /);
  });
});
