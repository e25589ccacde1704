import {
  ADDRESS_FIELDS,
  type AddressDraft,
  type AddressErrors,
  type AddressField,
} from './address-fields';

const inputClass =
  'w-full border bg-white px-3.5 py-2.5 text-[15px] text-ink placeholder:text-muted/70 focus:border-ink focus:outline-none read-only:bg-paper read-only:text-muted';

/** The delivery address (docs/product.md §3): every field required except state, each error beside its field. */
export function DeliveryForm({
  draft,
  errors,
  onChange,
  onBlur,
}: {
  draft: AddressDraft;
  errors: AddressErrors;
  onChange: (field: AddressField, value: string) => void;
  onBlur: (field: AddressField) => void;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="font-serif text-xl tracking-[0.14em] uppercase sm:text-2xl">
        Delivery <span className="font-semibold">Information</span>
      </legend>
      <div className="mt-6 grid grid-cols-2 gap-x-3 gap-y-4">
        {ADDRESS_FIELDS.map((field) => {
          const id = `address-${field.name}`;
          const error = errors[field.name];
          return (
            <div
              key={field.name}
              className={field.half ? 'col-span-2 sm:col-span-1' : 'col-span-2'}
            >
              <label
                htmlFor={id}
                className="mb-1.5 block text-xs font-medium tracking-[0.14em] text-ink uppercase"
              >
                {field.label}
                {field.optional && (
                  <span className="ml-1 tracking-normal text-muted normal-case">(optional)</span>
                )}
              </label>
              <input
                id={id}
                name={field.name}
                type={field.type ?? 'text'}
                inputMode={field.inputMode}
                autoComplete={field.autoComplete}
                placeholder={field.placeholder}
                maxLength={field.maxLength}
                readOnly={field.readOnly}
                required={!field.optional}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                value={draft[field.name]}
                onChange={(event) => onChange(field.name, event.target.value)}
                onBlur={() => onBlur(field.name)}
                className={`${inputClass} ${error ? 'border-accent' : 'border-line'}`}
              />
              {field.readOnly && (
                <p className="mt-1 text-xs text-muted">We deliver within India only.</p>
              )}
              {error && (
                <p id={`${id}-error`} className="mt-1 text-xs text-accent">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
