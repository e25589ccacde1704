import { BRANDS, BRAND_LABELS, CATEGORIES, TOP_SIZES, WAIST_SIZES } from '@vastra/shared/constants';
import { titleCase } from '@/lib/format';
import type { AdminProductFields } from '@vastra/shared/schemas/admin';
import { SelectField, TextArea, TextField } from '@/components/ui/field';
import type { SchemaForm } from '@/components/ui/form';

export interface ProductDraft {
  name: string;
  description: string;
  price: string;
  category: string;
  subCategory: string;
  sizes: string[];
}

export const EMPTY_DRAFT: ProductDraft = {
  name: '',
  description: '',
  price: '',
  category: '',
  subCategory: '',
  sizes: [],
};

/** What the owner types → what adminProductFieldsSchema takes: a blank price is "not given". */
export function productInput(draft: ProductDraft) {
  return { ...draft, price: draft.price.trim() === '' ? undefined : draft.price };
}

/** The product's own fields, each with its error beside it. */
export function ProductFields({ form }: { form: SchemaForm<ProductDraft, AdminProductFields> }) {
  const chosen = form.watch('sizes');
  const { error: sizesError, ...sizes } = form.field('sizes');

  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField label="Name" className="sm:col-span-2" {...form.field('name')} />
      <TextArea
        label="Description"
        rows={4}
        className="sm:col-span-2"
        {...form.field('description')}
      />
      <TextField
        label="Price (₹)"
        inputMode="numeric"
        hint="Whole rupees"
        {...form.field('price')}
      />
      <SelectField label="Category" {...form.field('category')}>
        <option value="">Choose…</option>
        {CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {titleCase(c)}
          </option>
        ))}
      </SelectField>
      <SelectField label="Brand" {...form.field('subCategory')}>
        <option value="">Choose…</option>
        {BRANDS.map((b) => (
          <option key={b} value={b}>
            {BRAND_LABELS[b]}
          </option>
        ))}
      </SelectField>
      <fieldset className="sm:col-span-2" aria-describedby={sizesError ? 'sizes-error' : undefined}>
        <legend className="mb-1.5 block text-[11px] font-medium tracking-[0.14em] text-ink uppercase">
          Sizes
        </legend>
        {[TOP_SIZES, WAIST_SIZES].map((group, n) => (
          <div key={n} className="mb-2 flex flex-wrap gap-2">
            {group.map((size) => (
              <label
                key={size}
                className={`flex min-w-12 cursor-pointer items-center justify-center border px-3 py-2 text-sm focus-within:ring-2 focus-within:ring-ink ${
                  chosen.includes(size)
                    ? 'border-ink bg-ink text-paper'
                    : 'border-line bg-white hover:border-ink'
                }`}
              >
                <input type="checkbox" className="sr-only" value={size} {...sizes} />
                {size}
              </label>
            ))}
          </div>
        ))}
        {sizesError && (
          <p id="sizes-error" className="mt-1 text-sm text-accent">
            {sizesError}
          </p>
        )}
      </fieldset>
    </div>
  );
}
