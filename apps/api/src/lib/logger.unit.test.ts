import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

describe('createLogger', () => {
  it('logs a failed start-up query without the values it was sent', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const log = createLogger({ nodeEnv: 'production', logLevel: 'info' }, sink);
    const query = 'insert into "users" ("email", "password_hash") values ($1, $2)';
    const error = new DrizzleQueryError(
      query,
      ['owner@example.com', '$argon2id$v=19$secret'],
      new Error('duplicate key'),
    );
    log.fatal({ err: error }, 'start-up failed');

    const text = lines.join('');
    expect(text).toContain('start-up failed');
    expect(text).toContain('insert into');
    expect(text).not.toContain('owner@example.com');
    expect(text).not.toContain('$argon2id');
  });
});
