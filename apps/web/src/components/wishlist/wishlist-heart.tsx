import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HeartIcon } from '@/components/ui/icons';
import { useToken } from '@/lib/session';
import { notify } from '@/lib/toast';
import { saveProduct, unsaveProduct, useWishlist } from '@/lib/wishlist/use-wishlist';
import { HEART_WORDS } from './heart-words';
import { loginReturnState } from '@/lib/login-return';

const LOOKS = {
  page: {
    size: 22,
    frame: 'h-[52px] w-[52px] border',
    saved: 'border-accent text-accent',
    unsaved: 'border-line bg-white/60 text-ink hover:border-ink',
  },
  // On a card's picture: a round button that stands out on any photograph.
  card: {
    size: 18,
    frame: 'h-9 w-9 rounded-full shadow-sm',
    saved: 'bg-paper text-accent',
    unsaved: 'bg-paper/90 text-ink hover:bg-paper',
  },
} as const;

/**
 * The wishlist heart of the product page and of every product card
 * (docs/decisions/134-wishlist-screens.md): a toggle button, pressed when the product is on the
 * shopper's wishlist. A visitor gets the cart's login rule — the message, then /login
 * (docs/product.md §8). While the list has not loaded, the heart shows unpressed and a press waits
 * for nothing: adding twice changes nothing on the server. A card's heart names its product, so
 * a list of cards does not read as many identical buttons.
 */
export function WishlistHeart({
  productId,
  productName,
  look = 'page',
}: {
  productId: string;
  productName?: string;
  look?: keyof typeof LOOKS;
}) {
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

  const words = saved ? HEART_WORDS.unsave : HEART_WORDS.save;
  const style = LOOKS[look];
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={productName ? `${words}: ${productName}` : words}
      // Not `disabled`: a disabled button drops the keyboard focus that pressed it.
      aria-disabled={busy || undefined}
      title={words}
      onClick={toggle}
      data-testid={look === 'card' ? 'card-wishlist-heart' : 'wishlist-heart'}
      className={`inline-flex shrink-0 items-center justify-center transition-colors aria-disabled:cursor-progress ${style.frame} ${
        saved ? style.saved : style.unsaved
      }`}
    >
      <HeartIcon filled={saved} size={style.size} />
    </button>
  );
}
