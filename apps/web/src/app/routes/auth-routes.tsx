import { ForgotPasswordPage } from '@/features/auth/forgot-password-page';
import { LoginPage } from '@/features/auth/login-page';
import { ProfilePage } from '@/features/auth/profile-page';
import { RegisterPage } from '@/features/auth/register-page';
import { UpdatePasswordPage } from '@/features/auth/update-password-page';

// The account screens: one lazily loaded chunk for all five.
export function LoginRoute() {
  return <LoginPage />;
}
export function RegisterRoute() {
  return <RegisterPage />;
}
export function ForgotPasswordRoute() {
  return <ForgotPasswordPage />;
}
export function UpdatePasswordRoute() {
  return <UpdatePasswordPage />;
}
export function ProfileRoute() {
  return <ProfilePage />;
}
