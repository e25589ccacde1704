import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@vastra/shared/api/endpoints';
import { AppError } from '../../lib/app-error';
import { routeOf } from '../../lib/endpoint-route';
import type { Mailer, OutboxEntry } from './mailer';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** Headers a proxy adds: a request carrying one came from elsewhere, whatever the socket says. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * The socket's own peer, not request.ip: with TRUST_PROXY set, request.ip follows
 * X-Forwarded-For, which any client can write. A reverse proxy on this computer also connects
 * from loopback, so a forwarding header refuses too (decision 094).
 */
function fromThisComputer(request: FastifyRequest): boolean {
  if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) return false;
  return FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function renderOutbox(entries: readonly OutboxEntry[]): string {
  const items = entries
    .map(
      (mail) => `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p class="meta">To <b>${escapeHtml(mail.to)}</b> · from ${escapeHtml(mail.from)} · ${escapeHtml(mail.sentAt)}</p>
<pre>${escapeHtml(mail.text)}</pre>${
        mail.attachments?.length
          ? `\n<p class="meta">Attached: ${mail.attachments.map(escapeHtml).join(', ')}</p>`
          : ''
      }
</article>`,
    )
    .join('\n');
  const empty =
    '<p>No mail yet. Mails the shop sends (OTP codes, order mails) appear here, newest first.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Vastra — development outbox</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:760px;padding:24px;color:#1f1b16;background:#f6f3ee}
article{background:#fff;border:1px solid #e5dfd6;padding:16px 20px;margin:16px 0}
h1{font-family:Georgia,serif}h2{font-size:17px;margin:0}.meta{color:#6b6157;font-size:13px;margin:4px 0 12px;overflow-wrap:anywhere}
pre{white-space:pre-wrap;margin:0;font:14px/1.5 ui-monospace,monospace}
</style></head><body>
<h1>Development outbox</h1>
<p>Only on this computer, never in production or with SMTP_URL set. The newest mail is first; this page does not refresh itself.</p>
${entries.length ? items : empty}
</body></html>`;
}

/**
 * /dev/outbox: the mails the shop would have sent, for development without an SMTP server. It
 * shows OTP and reset codes, so it answers only clients on this computer, and it is not there
 * with SMTP_URL set (a mailer that delivers) nor in production (see mailer.module.ts).
 */
export async function outboxRoutes(app: FastifyInstance, opts: { mailer: Mailer }): Promise<void> {
  if (opts.mailer.kind !== 'outbox') return;
  app.addHook('onRequest', async (request) => {
    if (!fromThisComputer(request)) {
      throw new AppError(
        'forbidden',
        'The development outbox opens only on the computer running the shop',
      );
    }
  });
  app.route({
    ...routeOf(endpoints.development.outbox),
    handler: async (_request, reply) => {
      reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderOutbox(opts.mailer.outbox()));
      return reply;
    },
  });
  app.route({
    ...routeOf(endpoints.development.outboxJson),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true, mails: opts.mailer.outbox() };
    },
  });
}
