// Starts what every browser journey drives: the real server (API + built storefront) on a fresh
// PGlite database in a temporary data dir, and one headless Chromium that test files connect to.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_PATH, checkDisabledFeatures } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    wsEndpoint: string;
    dataDir: string;
    /** JSON lines, one per mail the shop sent: { to, subject, raw } (see support/mail.ts). */
    mailFile: string;
    /** The shop's admin, made by the server itself at start from ADMIN_EMAIL / ADMIN_PASSWORD. */
    admin: { email: string; password: string };
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** The admin journeys log in as this account; the server creates it on an empty database. */
const ADMIN = { email: 'owner@vastra.example.com', password: 'owner-pass-2026' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

async function waitForCatalogue(baseURL: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`The server exited with code ${server.exitCode}.`);
    try {
      const response = await fetch(`${baseURL}/api/product/list`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer on ${baseURL} within ${timeoutMs} ms.`);
}

/**
 * A real SMTP server the shop sends its mails to (OTP codes); every mail is appended to `file` as
 * one JSON line, so specs in any worker can read them. smtp-server's bundled certificate has
 * expired: STARTTLS is off here and nodemailer is told to ignore TLS (`?ignoreTLS=true`).
 */
async function startMailCatcher(
  file: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  fs.writeFileSync(file, '');
  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: raw.match(/^Subject: (.*)$/m)?.[1]?.trim() ?? '',
          raw,
        };
        fs.appendFileSync(file, `${JSON.stringify(mail)}\n`);
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('The storefront is not built: run `npm run build` first (npm test does).');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const mailFile = path.join(dataDir, 'mails.jsonl');
  const mail = await startMailCatcher(mailFile);
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SMTP_URL: mail.url,
      // Each browser context is its own shopper (support/browser.ts sends X-Forwarded-For), so
      // parallel journeys do not share one address's rate limits.
      TRUST_PROXY: 'true',
      // The real bootstrap path (modules/auth/admins.service.ts): an admin when the shop has none.
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });

  let browser: BrowserServer | undefined;
  const teardown = async () => {
    await browser?.close();
    await mail.close();
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForCatalogue(baseURL, server, 120_000);
    browser = await chromium.launchServer({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
    });
    const pid = browser.process().pid;
    if (pid !== undefined) checkDisabledFeatures(pid);
  } catch (error) {
    await teardown();
    throw error;
  }

  project.provide('baseURL', baseURL);
  project.provide('wsEndpoint', browser.wsEndpoint());
  project.provide('dataDir', dataDir);
  project.provide('mailFile', mailFile);
  project.provide('admin', ADMIN);
  return teardown;
}
