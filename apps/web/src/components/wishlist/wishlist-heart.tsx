import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HeartIcon } from '@/components/ui/page-icons';
import { useToken } from '@/lib/session';
import { notify } from '@/lib/toast';
import { saveProduct, unsaveProduct, useWishlist } from '@/lib/wishlist/use-wishlist';
import { HEART_WORDS } from './heart-words';
import { loginReturnState } from '@/lib/login-return';

/**
 * The product page's heart (docs/decisions/134-wishlist-screens.md): a toggle button, pressed when
 * the product is on the shopper's wishlist. A visitor gets the cart's login rule — the message, then
 * /login (docs/product.md §8). While the list has not loaded, the heart shows unpressed and a press
 * waits for nothing: adding twice changes nothing on the server.
 */
export function WishlistHeart({ productId }: { productId: string }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const token = useToken();
  const { items } = useWishlist(token, { reloadOnMount: false });
  const [busy, setBusy] = useState(false);
  const saved = items?.some((entry) => entry.productId === productId) ?? false;

  const toggle = () => {
    if (!token) {
      notify.info(HEART_WORDS.loginToSave);
      // Logging in comes back to this product (docs/decisions/135-pick-up-where-you-were.md).
      navigate('/login', { state: loginReturnState({ from: pathname }) });
      return;
    }
    if (busy) return;
    setBusy(true);
    void (saved ? unsaveProduct(productId) : saveProduct(productId)).finally(() => setBusy(false));
  };

  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={saved ? HEART_WORDS.unsave : HEART_WORDS.save}
      // Not `disabled`: a disabled button drops the keyboard focus that pressed it.
      aria-disabled={busy || undefined}
      title={saved ? HEART_WORDS.unsave : HEART_WORDS.save}
      onClick={toggle}
      data-testid="wishlist-heart"
      className={`inline-flex h-[52px] w-[52px] shrink-0 items-center justify-center border transition-colors aria-disabled:cursor-progress ${
        saved ? 'border-accent text-accent' : 'border-line bg-white/60 text-ink hover:border-ink'
      }`}
    >
      <HeartIcon filled={saved} size={22} />
    </button>
  );
}
