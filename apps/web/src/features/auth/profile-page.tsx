import { Link, useNavigate } from 'react-router';
import { endSession } from '@/lib/account-session';
import { useDocumentMeta } from '@/lib/document-meta';
import { useToken } from '@/lib/session';
import { Button, buttonClass } from '@/components/ui/button';
import { AddressBook } from './address-book';
import { AuthCard } from './auth-ui';
import { MePending } from './me-pending';
import { ProfileDetailsForm } from './profile-details-form';
import { useMe } from './use-me';
import { LoginFirst } from '@/components/login-first';
import { LOGIN_REASONS } from '@/lib/login-return';

/**
 * /profile — My Profile: the name and mobile number (editable), the e-mail, the address book,
 * change password (via /update-password), orders, logout.
 */
export function ProfilePage() {
  useDocumentMeta('My Profile');
  const token = useToken();
  const navigate = useNavigate();
  const me = useMe(token);

  if (!token) return <LoginFirst reason={LOGIN_REASONS.profile} />;

  const logout = () => {
    endSession();
    navigate('/login');
  };

  return (
    <AuthCard title="My Profile" wide>
      <MePending me={me} loadingLabel="Loading your profile" />
      {me.status === 'ready' && (
        <>
          <ProfileDetailsForm user={me.user} />
          <AddressBook user={me.user} />
          <div className="mt-10 space-y-3 border-t border-line pt-8">
            <Button type="button" size="block" onClick={() => navigate('/update-password')}>
              CHANGE PASSWORD
            </Button>
            <Link to="/orders" className={`block text-center ${buttonClass('secondary', 'block')}`}>
              MY ORDERS
            </Link>
            <button
              type="button"
              onClick={logout}
              className="w-full py-2 text-sm tracking-[0.14em] text-muted underline-offset-4 hover:text-ink hover:underline"
            >
              LOGOUT
            </button>
          </div>
        </>
      )}
    </AuthCard>
  );
}
