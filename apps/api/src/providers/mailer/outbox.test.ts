import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app';
import { buildTestApp, testConfig } from '../../test/test-app';

// Behind a proxy that is believed, request.ip would follow X-Forwarded-For: the outbox must not.
const dev = useTestApp({ env: { TRUST_PROXY: 'true' }, reset: false });

beforeAll(async () => {
  await dev.app.mailer.send({
    to: 'someone@example.com',
    subject: 'Your password reset code',
    text: 'Your code: 123456',
    html: '<p>Your code: 123456</p>',
  });
});

const PATHS = ['/dev/outbox', '/dev/outbox.json'];

describe('/dev/outbox', () => {
  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1'])(
    'opens for a client on this computer (%s)',
    async (remoteAddress) => {
      const page = await dev.app.inject({ url: '/dev/outbox', remoteAddress });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Your code: 123456');
      const json = await dev.app.inject({ url: '/dev/outbox.json', remoteAddress });
      expect(json.json()).toMatchObject({ success: true, mails: [{ to: 'someone@example.com' }] });
    },
  );

  it.each(PATHS)(
    '%s refuses a client on the network, even one claiming to be localhost',
    async (url) => {
      for (const request of [
        { remoteAddress: '192.168.1.20' },
        { remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': '127.0.0.1' } },
        { remoteAddress: '203.0.113.9', headers: { forwarded: 'for=127.0.0.1' } },
      ]) {
        const res = await dev.app.inject({ url, ...request });
        expect(res.statusCode, JSON.stringify(request)).toBe(403);
        expect(res.json()).toEqual({
          success: false,
          message: 'The development outbox opens only on the computer running the shop',
        });
        expect(res.body).not.toContain('123456');
      }
    },
  );

  it.each(PATHS)('%s refuses a request a proxy on this computer passed on', async (url) => {
    // A reverse proxy on the same machine connects from loopback; its forwarding headers tell.
    for (const headers of [
      { 'x-forwarded-for': '198.51.100.7' },
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=198.51.100.7' },
      { 'x-real-ip': '198.51.100.7' },
    ]) {
      const res = await dev.app.inject({ url, remoteAddress: '127.0.0.1', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.body).not.toContain('123456');
    }
  });

  it('is not there at all when SMTP_URL is set', async () => {
    // Nothing is contacted: nodemailer connects only when a mail is sent.
    const smtp = await buildTestApp(dev.database, testConfig({ SMTP_URL: 'smtp://127.0.0.1:1' }));
    try {
      expect(smtp.app.hasRoute({ method: 'GET', url: '/dev/outbox' })).toBe(false);
      expect(smtp.app.hasRoute({ method: 'GET', url: '/dev/outbox.json' })).toBe(false);
      const res = await smtp.app.inject({ url: '/dev/outbox.json' });
      expect(res.body).not.toContain('mails');
    } finally {
      await smtp.close();
    }
  });

  it('is not there at all in production', async () => {
    const prod = await buildTestApp(
      dev.database,
      testConfig({ NODE_ENV: 'production', PAYMENTS: 'emulator' }),
    );
    try {
      expect(prod.app.hasRoute({ method: 'GET', url: '/dev/outbox' })).toBe(false);
      expect(prod.app.hasRoute({ method: 'GET', url: '/dev/outbox.json' })).toBe(false);
    } finally {
      await prod.close();
    }
  });
});
