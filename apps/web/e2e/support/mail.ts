// Reads the mails the shop sent during the run (global-setup's SMTP server writes them to a file).
import fs from 'node:fs';
import { inject } from 'vitest';

export interface SentMail {
  to: string[];
  subject: string;
  raw: string;
}

const mailFile = inject('mailFile');

export function mailsTo(email: string): SentMail[] {
  const address = email.toLowerCase();
  const lines = fs.readFileSync(mailFile, 'utf8').split('\n');
  // What follows the last newline is empty, or a mail still being written (a big one, such as the
  // delivery mail with its invoice PDF, takes more than one write): it is read next time.
  lines.pop();
  return lines
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SentMail)
    .filter((mail) => mail.to.includes(address));
}

/**
 * The OTP in the newest mail to `email`, waiting for mail number `count + 1` when `count` (how
 * many there were before the action) is given.
 */
export async function readOtp(
  email: string,
  { count = 0, timeoutMs = 10_000 } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = mailsTo(email);
    const mail = mails.length > count ? mails.at(-1) : undefined;
    const code = mail?.raw.match(/Your code: (\d{6})/)?.[1];
    if (code) return code;
    if (Date.now() > deadline)
      throw new Error(
        `No OTP mail to ${email} within ${timeoutMs} ms (${mails.length} mails seen).`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}
