import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients, lower-cased. */
  to: string[];
  subject: string;
  /** The whole message as received (headers and MIME parts). */
  raw: string;
}

export interface TestSmtp {
  /** For SMTP_URL: nodemailer must not try STARTTLS (smtp-server's bundled certificate has expired). */
  url: string;
  mails: ReceivedMail[];
  mailsTo(email: string): ReceivedMail[];
  /** The code in the newest mail to `email`; throws when there is none. */
  lastCode(email: string): string;
  close(): Promise<void>;
}

export function codeIn(mail: ReceivedMail): string {
  const match = mail.raw.match(/Your code: (\d{6})/);
  if (!match?.[1]) throw new Error(`No code in the mail:\n${mail.raw}`);
  return match[1];
}

/**
 * A real SMTP server on a free port that keeps what it receives, for nodemailer to talk to.
 * `delayMs` holds each message that long before accepting it, like a slow mail provider.
 */
export async function startTestSmtp(opts: { delayMs?: number } = {}): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = raw.match(/^Subject: (.*)$/m)?.[1]?.trim() ?? '';
        const accept = () => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject,
            raw,
          });
          callback();
        };
        if (opts.delayMs) setTimeout(accept, opts.delayMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP server has no port');
  const mailsTo = (email: string) => mails.filter((m) => m.to.includes(email.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${address.port}?ignoreTLS=true`,
    mails,
    mailsTo,
    lastCode(email) {
      const mail = mailsTo(email).at(-1);
      if (!mail) throw new Error(`No mail to ${email}`);
      return codeIn(mail);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
