import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer, SMTP_TIMEOUTS } from './mailer';
import { silentLogger } from '../../test/fixtures';

const servers: net.Server[] = [];
const sockets: net.Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) {
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A mail server that takes the connection and never says a word (a stalled relay). */
async function silentServer(): Promise<number> {
  const server = net.createServer((socket) => sockets.push(socket));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

describe('SMTP mailer', () => {
  it('gives up on a server that never greets within the greeting timeout, not nodemailer’s 30 s', async () => {
    const port = await silentServer();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'shop@example.com',
      log: silentLogger,
    });
    const started = Date.now();
    await expect(
      mailer.send({ to: 'asha@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' }),
    ).rejects.toThrow(/greeting|timeout/i);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(SMTP_TIMEOUTS.greetingTimeout - 100);
    // nodemailer's own default is 30 s: anything under 20 s proves ours applies.
    expect(waited).toBeLessThan(20_000);
    await mailer.close();
  }, 30_000);
});
