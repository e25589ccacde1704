import {
  emailRequestSchema,
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  meResponseSchema,
  messageResponseSchema,
  profileUpdateResponseSchema,
  profileUpdateSchema,
  registerRequestSchema,
  resendOtpRequestSchema,
  verifyOtpRequestSchema,
} from '../../schemas/user';
import { endpointGroup, refusals, SESSION } from '../endpoint';
import { routes } from '../routes';

const tags = ['Accounts'] as const;
/** Every account call may refuse for these (docs/decisions/040, 090). */
const refused = refusals(400, 401, 403, 409, 429, 503);
const message = { 200: messageResponseSchema, ...refused } as const;

/** The account calls of docs/product.md §7: OTPs, registration, login, passwords, the session. */
export const account = endpointGroup({
  registerOtp: {
    ...routes.account.registerOtp,
    schema: {
      summary: 'Send a registration OTP to an e-mail address',
      tags,
      body: emailRequestSchema,
      response: message,
    },
  },
  passwordOtp: {
    ...routes.account.passwordOtp,
    schema: {
      summary: 'Send a password-reset OTP to an account’s e-mail',
      tags,
      body: emailRequestSchema,
      response: message,
    },
  },
  resendOtp: {
    ...routes.account.resendOtp,
    schema: {
      summary: 'Send the OTP of a registration or reset again',
      tags,
      body: resendOtpRequestSchema,
      response: message,
    },
  },
  verifyOtp: {
    ...routes.account.verifyOtp,
    schema: {
      summary: 'Check an OTP (registration or password reset)',
      tags,
      body: verifyOtpRequestSchema,
      response: message,
    },
  },
  register: {
    ...routes.account.register,
    schema: {
      summary: 'Create an account with a verified e-mail',
      tags,
      body: registerRequestSchema,
      response: message,
    },
  },
  login: {
    ...routes.account.login,
    schema: {
      summary: 'Log in: answers the session token (7 days)',
      description: 'Repeated failures slow the account down and then answer 429 (decision 090).',
      tags,
      body: loginRequestSchema,
      response: { 200: loginResponseSchema, ...refused },
    },
  },
  forgotPassword: {
    ...routes.account.forgotPassword,
    schema: {
      summary: 'Set a new password',
      description:
        'After a verified password OTP, or signed in with the current password (decision 090). The session is optional.',
      tags,
      body: forgotPasswordRequestSchema,
      response: { 200: forgotPasswordResponseSchema, ...refused },
    },
  },
  me: {
    ...routes.account.me,
    schema: {
      summary: 'The signed-in account (name, e-mail, role)',
      tags,
      security: SESSION,
      response: { 200: meResponseSchema, ...refusals(401) },
    },
  },
  updateMe: {
    ...routes.account.updateMe,
    schema: {
      summary: 'Change the signed-in account’s name and mobile number (an empty number clears it)',
      tags,
      security: SESSION,
      body: profileUpdateSchema,
      response: { 200: profileUpdateResponseSchema, ...refusals(400, 401) },
    },
  },
});
