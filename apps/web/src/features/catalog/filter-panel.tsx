import { BRAND_LABELS, BRANDS, CATEGORIES, PRICE_FILTER } from '@vastra/shared/constants';
import { formatPrice } from '@vastra/shared/pricing/money';
import { titleCase } from '@/lib/format';
import type { CollectionFilters } from './filter-products';

const legend = 'mb-3 text-xs font-semibold tracking-[0.18em] text-ink uppercase';

function toggle(list: readonly string[], value: string): string[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

function CheckboxGroup({
  name,
  title,
  options,
  selected,
  onChange,
}: {
  name: string;
  title: string;
  options: readonly { value: string; label: string }[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
}) {
  return (
    <fieldset className="border-b border-line py-5">
      <legend className={`${legend} float-left w-full`}>{title}</legend>
      <div className="clear-both space-y-1">
        {options.map((o) => {
          const id = `${name}-${o.value.replace(/\W+/g, '-').toLowerCase()}`;
          return (
            <div key={o.value} className="flex items-center gap-3">
              <input
                id={id}
                type="checkbox"
                name={name}
                value={o.value}
                checked={selected.includes(o.value)}
                onChange={() => onChange(toggle(selected, o.value))}
                className="h-4 w-4 shrink-0 cursor-pointer"
              />
              <label htmlFor={id} className="flex-1 cursor-pointer py-1.5 text-sm text-ink/85">
                {o.label}
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

export function FilterPanel({
  filters,
  onChange,
}: {
  filters: CollectionFilters;
  onChange: (next: CollectionFilters) => void;
}) {
  // The top position lets every price through (decision 011), so it reads "Any price".
  const priceText =
    filters.maxPrice >= PRICE_FILTER.max ? 'Any price' : `Up to ${formatPrice(filters.maxPrice)}`;
  return (
    <div>
      <CheckboxGroup
        name="category"
        title="Categories"
        options={CATEGORY_OPTIONS}
        selected={filters.categories}
        onChange={(categories) => onChange({ ...filters, categories })}
      />
      <CheckboxGroup
        name="brand"
        title="Brands"
        options={BRAND_OPTIONS}
        selected={filters.brands}
        onChange={(brands) => onChange({ ...filters, brands })}
      />
      <div className="py-5">
        <div className="mb-3 flex items-baseline justify-between gap-2">
          <label htmlFor="price-filter" className={`${legend} mb-0`}>
            Price
          </label>
          <output
            htmlFor="price-filter"
            className="text-sm font-medium text-ink"
            data-testid="price-filter-value"
          >
            {priceText}
          </output>
        </div>
        <input
          id="price-filter"
          type="range"
          min={PRICE_FILTER.min}
          max={PRICE_FILTER.max}
          step={PRICE_FILTER.step}
          value={filters.maxPrice}
          aria-valuetext={priceText}
          onChange={(e) => onChange({ ...filters, maxPrice: Number(e.target.value) })}
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
