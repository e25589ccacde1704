import { useId, useState } from 'react';
import { SectionTitle } from '@/components/ui/section-title';
import { ChevronIcon } from '@/components/ui/page-icons';
import { FAQ_ITEMS } from './faq-items';

/** The FAQ accordion (docs/product.md §4): one answer open at a time; the first is open to start with. */
export function Faq({
  items = FAQ_ITEMS,
}: {
  items?: readonly { question: string; answer: string }[];
}) {
  const [open, setOpen] = useState<number | null>(0);
  const baseId = useId();
  return (
    <section aria-labelledby="faq-title" className="container-shop mt-16 sm:mt-24">
      <SectionTitle id="faq-title" light="Your" bold="Questions">
        Frequently asked questions about delivery, returns and payment.
      </SectionTitle>
      <div
        className="mx-auto max-w-3xl divide-y divide-line border-y border-line"
        data-testid="faq"
      >
        {items.map((item, i) => {
          const expanded = open === i;
          const buttonId = `${baseId}-q${i}`;
          const panelId = `${baseId}-a${i}`;
          return (
            <div key={item.question}>
              <h3>
                <button
                  id={buttonId}
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  onClick={() => setOpen(expanded ? null : i)}
                  className="flex w-full items-center justify-between gap-4 py-5 text-left font-medium text-ink hover:text-accent-dark"
                >
                  {item.question}
                  <ChevronIcon
                    size={20}
                    className={`shrink-0 transition-transform ${expanded ? 'rotate-180' : ''}`}
                  />
                </button>
              </h3>
              <div
                id={panelId}
                role="region"
                aria-labelledby={buttonId}
                hidden={!expanded}
                className="pb-5 pr-8 leading-relaxed text-muted"
              >
                {item.answer}
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}

export default Faq;
