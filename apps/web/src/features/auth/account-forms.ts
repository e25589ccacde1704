import { z } from 'zod';
import { newPasswordSchema, loginPasswordSchema, otpSchema } from '@vastra/shared/schemas/user';
import { AUTH_TEXT } from './messages';

/**
 * The account forms' schemas, made of the shared ones (packages/shared/src/schemas/user.ts) so
 * the rules, limits and words are the API's; the login, register and e-mail forms use the
 * request schemas themselves (docs/decisions/107-storefront-forms.md).
 */

export const otpFormSchema = z.object({ otp: otpSchema });

export const newPasswordFormSchema = z.object({ newpassword: newPasswordSchema });

/** docs/product.md §5: an empty current or new password is 'Missing information'. */
const required = z.string().min(1, AUTH_TEXT.missingInformation);
export const passwordChangeFormSchema = z.object({
  currentPassword: required.pipe(loginPasswordSchema),
  newpassword: required.pipe(newPasswordSchema),
});
