import { Link } from 'react-router';
import { CONTACT, SHOP_NAME } from '@vastra/shared/constants';

const SHOP_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/collection', label: 'Collection' },
  { to: '/about', label: 'About us' },
  { to: '/contact', label: 'Contact' },
] as const;

const POLICY_LINKS = [
  { to: '/refund-policy', label: 'Refund policy' },
  { to: '/privacy-policy', label: 'Privacy policy' },
  { to: '/terms-of-service', label: 'Terms of service' },
  { to: '/shipping-policy', label: 'Shipping policy' },
] as const;

const heading = 'mb-4 text-xs font-semibold tracking-[0.18em] text-ink uppercase';
const link = 'text-muted transition-colors hover:text-ink';

export function Footer() {
  // Its bottom padding is the room a phone's bottom bar and help button need at the page's end
  // (app/styles.css's --page-end, docs/decisions/138-phone-ergonomics.md).
  return (
    <footer className="mt-20 border-t border-line bg-[#f3eee6] pb-(--page-end)">
      <div className="container-shop grid gap-10 py-12 text-sm sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1.4fr] lg:py-16">
        <div>
          {/* The wordmark: neither a heading nor a paragraph of text (axe's p-as-heading). */}
          <div className="font-serif text-2xl font-semibold tracking-[0.28em]">
            {SHOP_NAME.toUpperCase()}
          </div>
          <p className="mt-4 max-w-xs leading-relaxed text-muted">
            Original shirts, T-shirts and pants from the brands India loves — picked with care,
            delivered to your door.
          </p>
        </div>
        <nav aria-label="Shop">
          <h2 className={heading}>Shop</h2>
          <ul className="space-y-2.5">
            {SHOP_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={link}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Policies">
          <h2 className={heading}>Policies</h2>
          <ul className="space-y-2.5">
            {POLICY_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={link}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className={heading}>Get in touch</h2>
          <address className="space-y-2.5 not-italic text-muted">
            <p>{CONTACT.storeName}</p>
            <p className="leading-relaxed">{CONTACT.address}</p>
            <p>
              <a className={link} href={`tel:${CONTACT.phone.replace(/\s+/g, '')}`}>
                {CONTACT.phone}
              </a>
            </p>
            <p>
              <a className={link} href={`mailto:${CONTACT.email}`}>
                {CONTACT.email}
              </a>
            </p>
            <p>Support: {CONTACT.hours}</p>
          </address>
        </div>
      </div>
      <div className="border-t border-line">
        <p className="container-shop py-5 text-center text-xs text-muted">
          © {new Date().getFullYear()} {CONTACT.storeName.replace(/\.$/, '')}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
