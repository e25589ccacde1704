// The real shop and Chromium for the screenshots, started by the browser tests' own set-up
// (apps/web/e2e/support/global-setup.ts): the built storefront and the API in one process on a
// free port, a fresh PGlite data directory, mail to a local SMTP server written to a file, the
// admin made by the server from ADMIN_EMAIL / ADMIN_PASSWORD, and one headless Chromium with the
// flags of apps/web/e2e/support/chromium.ts. The server inherits this process's environment, which
// adds the fixed clock (fixed-clock.mjs, through NODE_OPTIONS) and the payments emulator.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

/**
 * Starts the shop with its clock at `clock` (an ISO time). Answers its address, the browser's
 * endpoint, the admin, `readOtp(email, count)` and `close()` (which also removes the data dir).
 */
export async function startShop({ clock }) {
  const { default: setup } = await tsImport(
    '../../apps/web/e2e/support/global-setup.ts',
    import.meta.url,
  );
  const clockModule = pathToFileURL(path.join(import.meta.dirname, 'fixed-clock.mjs')).href;
  Object.assign(process.env, {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${clockModule}`.trim(),
    SCREENSHOTS_CLOCK: clock,
    PAYMENTS: 'emulator',
    REDIS_URL: '',
  });
  const provided = {};
  const close = await setup({ provide: (key, value) => (provided[key] = value) });

  /** The mails sent to `email` so far (global-setup writes one JSON line per mail). */
  const mailsTo = (email) =>
    fs
      .readFileSync(provided.mailFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      .filter((mail) => mail.to.includes(email.toLowerCase()));

  /** The OTP in the newest mail to `email`, once there are more than `count` mails to it. */
  async function readOtp(email, count, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mails = mailsTo(email);
      const code = mails.length > count ? mails.at(-1).raw.match(/Your code: (\d{6})/)?.[1] : null;
      if (code) return code;
      if (Date.now() > deadline) throw new Error(`No OTP mail to ${email} within ${timeoutMs} ms.`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  return {
    baseURL: provided.baseURL,
    wsEndpoint: provided.wsEndpoint,
    admin: provided.admin,
    readOtp,
    mailCount: (email) => mailsTo(email).length,
    close,
  };
}
