import { BRAND_LABELS, PRICE_FILTER, type Brand } from '@vastra/shared/constants';
import { formatPrice } from '@vastra/shared/pricing/money';
import { CloseIcon } from '@/components/ui/page-icons';
import { titleCase } from '@/lib/format';
import { activeFilterCount, type CollectionFilters } from './collection-url';

interface Chip {
  key: string;
  label: string;
  without: CollectionFilters;
}

function chipsOf(f: CollectionFilters): Chip[] {
  const drop = (list: readonly string[], value: string) => list.filter((v) => v !== value);
  return [
    ...f.categories.map((c) => ({
      key: `category-${c}`,
      label: titleCase(c),
      without: { ...f, categories: drop(f.categories, c) },
    })),
    ...f.brands.map((b) => ({
      key: `brand-${b}`,
      label: BRAND_LABELS[b as Brand] ?? b,
      without: { ...f, brands: drop(f.brands, b) },
    })),
    ...f.sizes.map((s) => ({
      key: `size-${s}`,
      label: `Size ${s}`,
      without: { ...f, sizes: drop(f.sizes, s) },
    })),
    ...(f.maxPrice < PRICE_FILTER.max
      ? [
          {
            key: 'price',
            label: `Up to ${formatPrice(f.maxPrice)}`,
            without: { ...f, maxPrice: PRICE_FILTER.default },
          },
        ]
      : []),
  ];
}

/** The applied filters as chips above the grid, each with its remove button, and "Clear all". */
export function AppliedFilters({
  filters,
  onChange,
  onClear,
}: {
  filters: CollectionFilters;
  onChange: (next: CollectionFilters) => void;
  onClear: () => void;
}) {
  if (activeFilterCount(filters) === 0) return null;
  return (
    <div className="mb-5 flex flex-wrap items-center gap-2" data-testid="applied-filters">
      <ul className="contents" aria-label="Applied filters">
        {chipsOf(filters).map((chip) => (
          <li
            key={chip.key}
            className="inline-flex items-center gap-1 rounded-full border border-line bg-paper py-1 pr-1 pl-3 text-sm"
          >
            {chip.label}
            <button
              type="button"
              onClick={() => onChange(chip.without)}
              aria-label={`Remove filter: ${chip.label}`}
              className="inline-flex h-7 w-7 items-center justify-center rounded-full text-muted hover:bg-line/70 hover:text-ink"
            >
              <CloseIcon size={14} />
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={onClear}
        className="px-2 py-1 text-sm text-muted underline underline-offset-4 hover:text-ink"
      >
        Clear all
      </button>
    </div>
  );
}
