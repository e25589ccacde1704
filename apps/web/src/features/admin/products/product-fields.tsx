import { BRANDS, BRAND_LABELS, CATEGORIES, TOP_SIZES, WAIST_SIZES } from '@vastra/shared/constants';
import { titleCase } from '@/lib/format';
import { SelectField, TextArea, TextField } from '@/components/ui/field';

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

/** The product's own fields, each with its error beside it. */
export function ProductFields({
  draft,
  errors,
  onChange,
}: {
  draft: ProductDraft;
  errors: Record<string, string>;
  onChange: (draft: ProductDraft) => void;
}) {
  const set = <K extends keyof ProductDraft>(key: K, value: ProductDraft[K]) =>
    onChange({ ...draft, [key]: value });
  const toggleSize = (size: string) =>
    set(
      'sizes',
      draft.sizes.includes(size) ? draft.sizes.filter((s) => s !== size) : [...draft.sizes, size],
    );

  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField
        label="Name"
        name="name"
        className="sm:col-span-2"
        value={draft.name}
        error={errors.name}
        onChange={(e) => set('name', e.target.value)}
      />
      <TextArea
        label="Description"
        name="description"
        rows={4}
        className="sm:col-span-2"
        value={draft.description}
        error={errors.description}
        onChange={(e) => set('description', e.target.value)}
      />
      <TextField
        label="Price (₹)"
        name="price"
        inputMode="numeric"
        value={draft.price}
        error={errors.price}
        hint="Whole rupees"
        onChange={(e) => set('price', e.target.value)}
      />
      <SelectField
        label="Category"
        name="category"
        value={draft.category}
        error={errors.category}
        onChange={(e) => set('category', e.target.value)}
      >
        <option value="">Choose…</option>
        {CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {titleCase(c)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Brand"
        name="subCategory"
        value={draft.subCategory}
        error={errors.subCategory}
        onChange={(e) => set('subCategory', e.target.value)}
      >
        <option value="">Choose…</option>
        {BRANDS.map((b) => (
          <option key={b} value={b}>
            {BRAND_LABELS[b]}
          </option>
        ))}
      </SelectField>
      <fieldset
        className="sm:col-span-2"
        aria-describedby={errors.sizes ? 'sizes-error' : undefined}
      >
        <legend className="mb-1.5 block text-[11px] font-medium tracking-[0.14em] text-ink uppercase">
          Sizes
        </legend>
        {[TOP_SIZES, WAIST_SIZES].map((group, n) => (
          <div key={n} className="mb-2 flex flex-wrap gap-2">
            {group.map((size) => (
              <label
                key={size}
                className={`flex min-w-12 cursor-pointer items-center justify-center border px-3 py-2 text-sm focus-within:ring-2 focus-within:ring-ink ${
                  draft.sizes.includes(size)
                    ? 'border-ink bg-ink text-paper'
                    : 'border-line bg-white hover:border-ink'
                }`}
              >
                <input
                  type="checkbox"
                  className="sr-only"
                  checked={draft.sizes.includes(size)}
                  onChange={() => toggleSize(size)}
                />
                {size}
              </label>
            ))}
          </div>
        ))}
        {errors.sizes && (
          <p id="sizes-error" className="mt-1 text-sm text-accent">
            {errors.sizes}
          </p>
        )}
      </fieldset>
    </div>
  );
}
