import { ACCOUNT_MESSAGES } from '@vastra/shared/constants';

/** The accounts' words, as docs/product.md §5 and §8 write them. */
export const AUTH_TEXT = {
  // §8 fallbacks: shown when the server gives no message of its own.
  authenticationFailed: 'Authentication failed',
  errorSendingOtp: 'Error sending OTP',
  otpVerificationFailed: 'OTP verification failed',
  registrationFailed: 'Registration failed',
  errorResendingOtp: 'Error resending OTP',
  passwordUpdateFailed: 'Password update failed',
  // §8 success toasts.
  emailVerified: 'Email verified',
  registered: 'Registered successfully',
  otpVerified: 'OTP Verified',
  passwordUpdated: 'Password updated successfully',
  // §5 validation.
  enterEmail: ACCOUNT_MESSAGES.enterEmail,
  enterOtp: ACCOUNT_MESSAGES.enterOtp,
  enterNewPassword: ACCOUNT_MESSAGES.enterNewPassword,
  passwordTooShort: ACCOUNT_MESSAGES.passwordTooShort,
  verifyEmailFirst: ACCOUNT_MESSAGES.verifyEmailFirst,
  missingInformation: 'Missing information',
  resendWait: ACCOUNT_MESSAGES.resendWait,
  // Ours.
  enterName: ACCOUNT_MESSAGES.enterName,
  otpSent: 'OTP sent to your email',
  profileSaveFailed: 'Your details could not be saved',
  emailFixed: 'Your e-mail is how you sign in; it cannot be changed here.',
  phoneHint: 'Checkout fills it in for you. Leave it empty to remove it.',
} as const;
