import {
  ALL_SIZES,
  BRAND_LABELS,
  BRANDS,
  CATEGORIES,
  PRICE_FILTER,
} from '@vastra/shared/constants';
import { formatPrice } from '@vastra/shared/pricing/money';
import type { CatalogueAnswer, FacetCount } from '@vastra/shared/schemas/catalogue-query';
import { titleCase } from '@/lib/format';
import type { CollectionFilters } from './collection-url';

const legend = 'mb-3 text-xs font-semibold tracking-[0.18em] text-ink uppercase';

function toggle(list: readonly string[], value: string): string[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

function CheckboxGroup({
  idPrefix,
  name,
  title,
  options,
  selected,
  counts,
  columns = false,
  onChange,
}: {
  idPrefix: string;
  name: string;
  title: string;
  options: readonly { value: string; label: string }[];
  selected: readonly string[];
  /** The server's count per value (its facets); absent while the first answer loads. */
  counts: readonly FacetCount[] | undefined;
  /** Short labels (sizes) sit in three columns. */
  columns?: boolean;
  onChange: (next: string[]) => void;
}) {
  const countOf = new Map(counts?.map((c) => [c.value, c.count]));
  return (
    <fieldset className="border-b border-line py-5">
      <legend className={`${legend} float-left w-full`}>{title}</legend>
      <div className={`clear-both ${columns ? 'grid grid-cols-3 gap-x-2 gap-y-1' : 'space-y-1'}`}>
        {options.map((o) => {
          const id = `${idPrefix}${name}-${o.value.replace(/\W+/g, '-').toLowerCase()}`;
          const checked = selected.includes(o.value);
          const count = countOf.get(o.value);
          // A value nothing matches cannot be chosen (it would empty the page); one already
          // chosen stays free to untick.
          const empty = count === 0 && !checked;
          return (
            <div key={o.value} className="flex items-center gap-3">
              <input
                id={id}
                type="checkbox"
                name={name}
                value={o.value}
                checked={checked}
                disabled={empty}
                onChange={() => onChange(toggle(selected, o.value))}
                className="h-4 w-4 shrink-0 cursor-pointer disabled:cursor-not-allowed"
              />
              <label
                htmlFor={id}
                className={`flex-1 py-1.5 text-sm ${empty ? 'cursor-not-allowed text-muted/70' : 'cursor-pointer text-ink/85'}`}
              >
                {o.label}
                {count !== undefined && (
                  <span className="text-xs text-muted" data-testid="facet-count">
                    {' '}
                    ({count})
                  </span>
                )}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

const CATEGORY_OPTIONS = CATEGORIES.map((c) => ({ value: c, label: titleCase(c) }));
const BRAND_OPTIONS = BRANDS.map((b) => ({ value: b, label: BRAND_LABELS[b] }));

/** The groups of values, each with its address parameter and its facet (decision 139). */
const GROUPS = [
  { name: 'category', key: 'categories', title: 'Categories', options: CATEGORY_OPTIONS },
  { name: 'brand', key: 'brands', title: 'Brands', options: BRAND_OPTIONS },
  {
    name: 'size',
    key: 'sizes',
    title: 'Sizes in stock',
    options: ALL_SIZES.map((s) => ({ value: s, label: s })),
  },
] as const;

export function FilterPanel({
  filters,
  facets,
  onChange,
  onPriceChange = onChange,
  idPrefix = '',
}: {
  filters: CollectionFilters;
  /** The counts beside each value, from the server's answer for these filters. */
  facets: CatalogueAnswer['facets'] | undefined;
  onChange: (next: CollectionFilters) => void;
  /** The slider's steps, which the page may write to the address differently from ticks. */
  onPriceChange?: (next: CollectionFilters) => void;
  /** The phone's sheet holds a second panel while the side panel is hidden: ids stay unique. */
  idPrefix?: string;
}) {
  const priceId = `${idPrefix}price-filter`;
  // The top position lets every price through (decision 011), so it reads "Any price".
  const priceText =
    filters.maxPrice >= PRICE_FILTER.max ? 'Any price' : `Up to ${formatPrice(filters.maxPrice)}`;
  return (
    <div>
      {GROUPS.map((g) => (
        <CheckboxGroup
          key={g.name}
          idPrefix={idPrefix}
          name={g.name}
          title={g.title}
          options={g.options}
          selected={filters[g.key]}
          counts={facets?.[g.name]}
          columns={g.name === 'size'}
          onChange={(values) => onChange({ ...filters, [g.key]: values })}
        />
      ))}
      <div className="py-5">
        <div className="mb-3 flex items-baseline justify-between gap-2">
          <label htmlFor={priceId} className={`${legend} mb-0`}>
            Price
          </label>
          <output
            htmlFor={priceId}
            className="text-sm font-medium text-ink"
            data-testid="price-filter-value"
          >
            {priceText}
          </output>
        </div>
        <input
          id={priceId}
          type="range"
          min={PRICE_FILTER.min}
          max={PRICE_FILTER.max}
          step={PRICE_FILTER.step}
          value={filters.maxPrice}
          aria-valuetext={priceText}
          onChange={(e) => onPriceChange({ ...filters, maxPrice: Number(e.target.value) })}
          className="w-full cursor-pointer"
        />
        <div className="mt-1 flex justify-between text-xs text-muted" aria-hidden="true">
          <span>{formatPrice(PRICE_FILTER.min)}</span>
          <span>{formatPrice(PRICE_FILTER.max)}+</span>
        </div>
      </div>
    </div>
  );
}
