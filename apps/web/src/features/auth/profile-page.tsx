import { Link, Navigate, useNavigate } from 'react-router';
import { endSession } from '@/lib/account-session';
import { useDocumentMeta } from '@/lib/document-meta';
import { useToken } from '@/lib/session';
import { Button, buttonClass } from '@/components/ui/button';
import { AuthCard } from './auth-ui';
import { MePending } from './me-pending';
import { useMe } from './use-me';

/** /profile — My Profile: name, e-mail, change password (via /update-password), orders, logout. */
export function ProfilePage() {
  useDocumentMeta('My Profile');
  const token = useToken();
  const navigate = useNavigate();
  const me = useMe(token);

  if (!token) return <Navigate to="/login" replace />;

  const logout = () => {
    endSession();
    navigate('/login');
  };

  return (
    <AuthCard title="My Profile">
      <MePending me={me} loadingLabel="Loading your profile" />
      {me.status === 'ready' && (
        <>
          <dl className="divide-y divide-line border-y border-line text-[15px]">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3.5">
              <dt className="text-xs font-medium tracking-[0.14em] text-muted uppercase">Name</dt>
              <dd className="min-w-0 break-words">{me.user.name}</dd>
            </div>
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3.5">
              <dt className="text-xs font-medium tracking-[0.14em] text-muted uppercase">Email</dt>
              <dd className="min-w-0 break-all">{me.user.email}</dd>
            </div>
          </dl>
          <div className="mt-8 space-y-3">
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
