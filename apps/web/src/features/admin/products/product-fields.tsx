import { z } from 'zod';
import {
  ALL_SIZES,
  BRANDS,
  BRAND_LABELS,
  CATEGORIES,
  TOP_SIZES,
  WAIST_SIZES,
} from '@vastra/shared/constants';
import { titleCase } from '@/lib/format';
import { adminProductFieldsSchema, mrpNotBelowPrice } from '@vastra/shared/schemas/admin';
import { HSN_BY_CATEGORY } from '@vastra/shared/tax/gst-rates';
import { onHandSchema, type AdminSizeStock } from '@vastra/shared/schemas/stock';
import { SelectField, TextArea, TextField } from '@/components/ui/field';
import type { SchemaForm } from '@/components/ui/form';
import { inShopOrder } from '../stock/stock-words';

/**
 * The product form: the API's own product fields and, per chosen size, the units on hand, each
 * checked with the API's schema for it (`onHandSchema`), so its message is the API's; an MRP
 * below the price is refused beside the MRP, as the API would.
 */
export const productFormSchema = adminProductFieldsSchema
  .extend({ stock: z.record(z.string(), onHandSchema) })
  .check(mrpNotBelowPrice);
export type ProductFormValues = z.infer<typeof productFormSchema>;

export interface ProductDraft {
  name: string;
  description: string;
  price: string;
  /** Blank: no MRP (an edit that blanks it clears it). */
  mrp: string;
  category: string;
  subCategory: string;
  /** Starts as the category's code and follows it until the owner types another. */
  hsn: string;
  sizes: string[];
  /** Units on hand as typed, for every size the shop has (only the chosen ones are sent). */
  stock: Record<string, string>;
}

/** A box per size, all at 0: choosing a size shows its box, ready to be changed. */
export function stockDraft(onHand: (size: string) => number = () => 0): Record<string, string> {
  return Object.fromEntries(ALL_SIZES.map((size) => [size, String(onHand(size))]));
}

export const EMPTY_DRAFT: ProductDraft = {
  name: '',
  description: '',
  price: '',
  mrp: '',
  category: '',
  subCategory: '',
  hsn: '',
  sizes: [],
  stock: stockDraft(),
};

/** Text as typed → a number for the schema; blank is "not given", other text is left to refuse. */
function unitsInput(typed: string | undefined): number | string | undefined {
  const text = (typed ?? '').trim();
  if (text === '') return undefined;
  return Number.isNaN(Number(text)) ? text : Number(text);
}

/** The category's own HSN code, or '' before a category is chosen. */
const hsnOf = (category: string) =>
  Object.hasOwn(HSN_BY_CATEGORY, category)
    ? HSN_BY_CATEGORY[category as keyof typeof HSN_BY_CATEGORY]
    : '';

/**
 * The HSN code after the category changes from `was` to `next`: a blank code, or the old
 * category's own, follows the category; one the owner typed stays (docs/decisions/126).
 */
function hsnFollowing(hsn: string, was: string, next: string): string {
  const typed = hsn.trim();
  return typed === '' || typed === hsnOf(was) ? hsnOf(next) : hsn;
}

/**
 * What the owner types → what productFormSchema takes: a blank price is "not given", a blank MRP
 * is none (null), a blank HSN code is "the category's", and the stock of the chosen sizes only (a
 * size ticked off is not sent).
 */
export function productInput(draft: ProductDraft) {
  return {
    ...draft,
    price: draft.price.trim() === '' ? undefined : draft.price,
    mrp: draft.mrp.trim() === '' ? null : draft.mrp,
    hsn: draft.hsn.trim() === '' ? undefined : draft.hsn,
    stock: Object.fromEntries(
      inShopOrder(draft.sizes).map((size) => [size, unitsInput(draft.stock[size])]),
    ),
  };
}

/**
 * The product's own fields, each with its error beside it. `current` is the product's stock as
 * it is now (editing): each size's box says how many are held and available beside it.
 */
export function ProductFields({
  form,
  current,
}: {
  form: SchemaForm<ProductDraft, ProductFormValues>;
  current?: Readonly<Record<string, AdminSizeStock>>;
}) {
  const chosen = form.watch('sizes');
  const { error: sizesError, ...sizes } = form.field('sizes');
  const category = form.field('category');

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
      <TextField
        label="MRP (₹)"
        inputMode="numeric"
        hint="As on the label, GST included; leave empty for none"
        {...form.field('mrp')}
      />
      <SelectField
        label="Category"
        {...category}
        onChange={(event) => {
          const { hsn, category: was } = form.getValues();
          form.setValue('hsn', hsnFollowing(hsn, was, event.target.value));
          return category.onChange(event);
        }}
      >
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
      <TextField
        label="HSN code"
        inputMode="numeric"
        hint="For the tax invoice; starts as the category's"
        {...form.field('hsn')}
      />
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
                    : 'border-field bg-white hover:border-ink'
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
      <fieldset className="sm:col-span-2">
        <legend className="mb-1.5 block text-[11px] font-medium tracking-[0.14em] text-ink uppercase">
          Stock on hand
        </legend>
        {chosen.length === 0 ? (
          <p className="text-sm text-muted">Choose the sizes first; each gets its own count.</p>
        ) : (
          <div className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3 lg:grid-cols-4">
            {inShopOrder(chosen).map((size) => {
              const now = current?.[size];
              return (
                <TextField
                  key={size}
                  label={`Size ${size}`}
                  inputMode="numeric"
                  hint={
                    now ? (
                      <span data-testid={`stock-${size}-now`}>
                        {now.held} held · {now.available} available
                      </span>
                    ) : current ? (
                      'New size'
                    ) : undefined
                  }
                  {...form.field(`stock.${size}`)}
                />
              );
            })}
          </div>
        )}
        <p className="mt-2 text-xs text-muted">
          Units in the shop per size. Units held by unpaid orders count as on hand until the order
          is paid or let go, so stock cannot be set below them.
        </p>
      </fieldset>
    </div>
  );
}
