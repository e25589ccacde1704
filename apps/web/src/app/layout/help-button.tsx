import { Link, useLocation } from 'react-router';
import { ChatIcon } from '@/components/ui/icons';

/**
 * The floating help button (docs/product.md §1); hidden on the contact page it points to. Where it
 * sits and when it shows, so that it never covers content, is app/styles.css's `#help-button`
 * (docs/decisions/138-phone-ergonomics.md). It is a landmark of its own, so nothing of the page is
 * outside one (axe's `region`, docs/decisions/143-accessibility-checks.md).
 */
export function HelpButton() {
  const { pathname } = useLocation();
  if (pathname === '/contact') return null;
  return (
    <aside aria-label="Help">
      <Link
        to="/contact"
        id="help-button"
        aria-label="Need help? Contact us"
        className="fixed right-4 z-20 inline-flex h-12 w-12 items-center justify-center rounded-full bg-ink text-paper shadow-lg shadow-ink/20 transition-transform hover:scale-105 sm:right-6 sm:h-14 sm:w-14"
      >
        <ChatIcon size={24} />
      </Link>
    </aside>
  );
}
