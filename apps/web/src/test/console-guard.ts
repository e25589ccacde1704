/* eslint-disable no-console -- this module watches console.error itself. */
// Any console.error during a storefront unit or component test fails that test: Preact's
// development checks (preact/debug: duplicate keys, hook misuse, bad nesting) and
// caught-but-logged errors go through it, and a test that passes while printing
// one hides a real fault (docs/architecture.md §6). The web project's setup file
// (apps/web/src/test/setup.ts) starts the guard before each test and checks it after.
import { afterEach, beforeEach } from 'vitest';
import { format } from 'node:util';

let allowed: RegExp[] = [];
let logged: string[] = [];
let original: typeof console.error | undefined;

/**
 * Lets the current test print console.error lines that match `pattern` (say why beside the call).
 * Only for a test that expects the error; the allowance ends with the test.
 */
export function allowConsoleError(pattern: RegExp): void {
  allowed.push(pattern);
}

/** The console.error lines so far in this test that no allowance covers; they count no more after. */
export function takeUnexpectedConsoleErrors(): string[] {
  const unexpected = logged.filter((line) => !allowed.some((pattern) => pattern.test(line)));
  logged = [];
  return unexpected;
}

export function installConsoleGuard(): void {
  beforeEach(() => {
    allowed = [];
    logged = [];
    original = console.error;
    console.error = (...args: unknown[]) => {
      logged.push(format(...args));
      original?.(...args);
    };
  });

  afterEach(() => {
    if (original) console.error = original;
    original = undefined;
    const unexpected = takeUnexpectedConsoleErrors();
    allowed = [];
    if (unexpected.length > 0)
      throw new Error(
        `console.error was called during this test (allowConsoleError(/…/) if it is expected):\n` +
          unexpected.map((line) => `  ${line.split('\n')[0]}`).join('\n'),
      );
  });
}
