import { SHOP_NAME } from '@vastra/shared/constants';
import type { OtpType } from '@vastra/shared/schemas/user';
import type { Mail } from '../../providers/mailer/mailer';

/**
 * The code leads the subject, so the phone's notification is enough to read it; the body
 * repeats it. Only these mails carry a code: no other mail's subject or preview does.
 */
const PURPOSE_TEXT: Record<OtpType, { subject: (code: string) => string; intro: string }> = {
  register: {
    subject: (code) => `${code} is your ${SHOP_NAME} verification code`,
    intro: `Use this code to verify your email address and create your ${SHOP_NAME} account.`,
  },
  password: {
    subject: (code) => `${code} is your ${SHOP_NAME} password reset code`,
    intro: `Use this code to set a new password for your ${SHOP_NAME} account.`,
  },
};

/** The OTP e-mail: the shop's name, the code on a line of its own, how long it is valid. */
export function otpMail(opts: {
  to: string;
  code: string;
  purpose: OtpType;
  validityMinutes: number;
}): Mail {
  const { subject, intro } = PURPOSE_TEXT[opts.purpose];
  const ignore = `If you did not ask for this code, you can ignore this email: nothing changes without it.`;
  const validity = `The code is valid for ${opts.validityMinutes} minutes and can be used once.`;
  const text = [
    `${SHOP_NAME}`,
    '',
    intro,
    '',
    `Your code: ${opts.code}`,
    '',
    validity,
    ignore,
    '',
    `— ${SHOP_NAME}, clothing for India`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="margin:0;background:#f6f3ee;font-family:Arial,Helvetica,sans-serif;color:#1f1b16">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;background:#ffffff;border:1px solid #e5dfd6">
<tr><td style="padding:28px 32px 8px;font-family:Georgia,serif;font-size:24px;letter-spacing:6px">${SHOP_NAME.toUpperCase()}</td></tr>
<tr><td style="padding:8px 32px;font-size:15px;line-height:1.5">${intro}</td></tr>
<tr><td style="padding:16px 32px"><div style="font-size:32px;font-weight:bold;letter-spacing:10px;text-align:center;padding:14px;border:1px dashed #b9ada0">${opts.code}</div></td></tr>
<tr><td style="padding:8px 32px 28px;font-size:13px;line-height:1.5;color:#6b6157">${validity}<br>${ignore}</td></tr>
</table></td></tr></table></body></html>`;
  return { to: opts.to, subject: subject(opts.code), text, html };
}
