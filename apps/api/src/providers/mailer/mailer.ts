import nodemailer from 'nodemailer';
import type { Logger } from '../../lib/logger';

/** A file sent with a mail (the Delivered mail's tax invoice). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** One e-mail, with a plain-text and an HTML body, and files when it has any. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: readonly MailAttachment[];
}

/** A mail as the outbox keeps it: its attachments by name only (no bytes kept in memory). */
export interface OutboxEntry extends Omit<Mail, 'attachments'> {
  from: string;
  sentAt: string;
  attachments?: string[];
}

export interface Mailer {
  /** 'smtp' delivers; 'outbox' only logs and keeps the mail for /dev/outbox. */
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  /** Newest first; empty for SMTP. */
  outbox(): readonly OutboxEntry[];
  /** SMTP only: connects, greets and logs in, then hangs up; throws when that fails (GET /readyz). */
  verify?(): Promise<void>;
  close(): Promise<void>;
}

/** How long to wait for an SMTP server: to connect, for its greeting, between its answers. */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 5_000,
  greetingTimeout: 5_000,
  socketTimeout: 20_000,
} as const;

/** What /dev/outbox keeps: enough for a developer's session, bounded so it cannot grow forever. */
const OUTBOX_LIMIT = 50;

/**
 * SMTP through nodemailer when `smtpUrl` is set (query options such as `?ignoreTLS=true` are
 * nodemailer's own), otherwise an outbox that prints each mail to the log.
 */
export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  log: Logger;
}): Mailer {
  const { smtpUrl, from, log } = opts;
  if (smtpUrl) {
    // nodemailer waits up to 2 min to connect and 10 min on a silent socket: a stalled mail
    // server would hold a shopper's request (and the server's shutdown, which waits for mails in
    // flight) that long. Options in the URL's query still win over these.
    const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({
          from,
          ...mail,
          attachments: mail.attachments?.map((a) => ({ ...a })),
        });
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      outbox: () => [],
      async verify() {
        await transport.verify();
      },
      async close() {
        transport.close();
      },
    };
  }
  const entries: OutboxEntry[] = [];
  return {
    kind: 'outbox',
    async send({ attachments, ...mail }) {
      entries.unshift({
        ...mail,
        ...(attachments?.length ? { attachments: attachments.map((a) => a.filename) } : {}),
        from,
        sentAt: new Date().toISOString(),
      });
      entries.length = Math.min(entries.length, OUTBOX_LIMIT);
      // No SMTP server configured: the log is the only way the mail reaches anyone.
      log.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail (outbox, not sent)');
    },
    outbox: () => entries,
    async close() {},
  };
}
