import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url';

describe('redactUrl', () => {
  it.each([
    ['postgres://shop:s3cret@db:5432/vastra', 'postgres://shop:***@db:5432/vastra'],
    [
      'postgresql://shop:p%40ss@db/vastra?sslmode=require',
      'postgresql://shop:***@db/vastra?sslmode=require',
    ],
    // An unencoded '@' or ':' inside the password is still hidden whole.
    ['postgres://shop:a@b:c@db/vastra', 'postgres://shop:***@db/vastra'],
    ['redis://:hunter2@cache:6379', 'redis://:***@cache:6379'],
    // Unencoded '/', '?', '#' in a password: such a URL fails to parse, so it is the one logged.
    ['postgres://shop:pa/ss@db/x', 'postgres://shop:***@db/x'],
    ['postgres://shop:pa?ss@db/x', 'postgres://shop:***@db/x'],
    ['postgres://shop:pa#ss@db/x', 'postgres://shop:***@db/x'],
    ['postgres://shop:12/34@db/x', 'postgres://shop:***@db/x'],
    ['rediss://default:hunter2@cache:6380/0', 'rediss://default:***@cache:6380/0'],
    [
      'smtps://orders%40vastra.shop:mailpw@mail.example.com:465',
      'smtps://orders%40vastra.shop:***@mail.example.com:465',
    ],
    [
      'postgres://shop@db/vastra?password=s3cret&sslmode=require',
      'postgres://shop@db/vastra?password=***&sslmode=require',
    ],
  ])('hides the password in %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('leaves URLs without a password as they are', () => {
    for (const url of ['postgres://shop@db/vastra', 'redis://cache:6379'])
      expect(redactUrl(url)).toBe(url);
  });

  it('hides a port and path before an @ too: they cannot be told from a password', () => {
    expect(redactUrl('http://localhost:3000/a@b')).toBe('http://localhost:***@b');
  });

  it('hides every URL inside a longer message', () => {
    const message =
      'Cannot reach postgres://a:one@db/x (from "postgres://a:one@db/x"); redis://:two@r:6379 refused';
    const redacted = redactUrl(message);
    expect(redacted).not.toMatch(/one|two/);
    expect(redacted).toBe(
      'Cannot reach postgres://a:***@db/x (from "postgres://a:***@db/x"); redis://:***@r:6379 refused',
    );
  });
});
