import type { ReactNode } from 'react';
import { DELIVERY_DAYS, RETURN_WINDOW_DAYS, SHIPPING_COUNTRY } from '@vastra/shared/constants';
import { Icon } from '@/components/ui/icons';
import { CashIcon, CheckBadgeIcon, ReturnIcon } from '@/components/ui/page-icons';

/** Only this section draws a truck, so it stays in the home chunk, on the shared frame. */
function TruckIcon() {
  return (
    <Icon size={28}>
      <path d="M2.5 6.5h11v9h-11zM13.5 9.5h4l3 3v3h-7" />
      <circle cx="6.5" cy="17.5" r="1.8" />
      <circle cx="17" cy="17.5" r="1.8" />
    </Icon>
  );
}

const REASONS: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <CheckBadgeIcon size={28} />,
    title: '100% original',
    text: 'Straight from the brands and their authorised distributors.',
  },
  {
    icon: <ReturnIcon size={28} />,
    title: `${RETURN_WINDOW_DAYS}-day returns`,
    text: 'Return or exchange within a week of delivery, no questions asked.',
  },
  {
    icon: <CashIcon size={28} />,
    title: 'Cash on delivery',
    text: 'Pay at your door, or online by UPI, card or net banking.',
  },
  {
    icon: <TruckIcon />,
    title: `Delivered across ${SHIPPING_COUNTRY}`,
    text: `At your door in ${DELIVERY_DAYS.min}–${DELIVERY_DAYS.max} business days after dispatch.`,
  },
];

/** The 'Why shop with us' strip (docs/product.md §1). */
export function WhyShop() {
  return (
    <section aria-labelledby="why-title" className="container-shop mt-16 sm:mt-24">
      <div className="rounded-sm border border-line bg-[#f3eee6] px-4 py-12 sm:px-8 sm:py-14">
        <h2
          id="why-title"
          className="text-center font-serif text-xl tracking-[0.18em] uppercase sm:text-2xl"
        >
          Why shop with us
        </h2>
        <ul className="mt-8 grid grid-cols-2 gap-x-4 gap-y-8 lg:grid-cols-4">
          {REASONS.map((r) => (
            <li
              key={r.title}
              className="flex flex-col items-center text-center"
              data-testid="why-item"
            >
              <span className="flex h-14 w-14 items-center justify-center rounded-full border border-ink/15 bg-paper text-ink">
                {r.icon}
              </span>
              <h3 className="mt-4 text-sm font-semibold tracking-[0.12em] uppercase">{r.title}</h3>
              <p className="mt-2 max-w-[16rem] text-sm leading-relaxed text-muted">{r.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export default WhyShop;
