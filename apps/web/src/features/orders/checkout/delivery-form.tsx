import type { Address } from '@vastra/shared/schemas/order';
import { TextField } from '@/components/ui/field';
import type { SchemaForm } from '@/components/ui/form';
import { ADDRESS_FIELDS, type AddressDraft, type AddressField } from './address-fields';

/** The delivery address (docs/product.md §3): every field required except state, each error beside its field. */
export function DeliveryForm({
  form,
  onEdit,
}: {
  form: SchemaForm<AddressDraft, Address>;
  /**
   * The shopper went into this field (or typed in it): the account's details, arriving later, must
   * not write into it — text typed after them would be appended to them.
   */
  onEdit: (field: AddressField) => void;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="font-serif text-xl tracking-[0.14em] uppercase sm:text-2xl">
        Delivery <span className="font-semibold">Information</span>
      </legend>
      <div className="mt-6 grid grid-cols-2 gap-x-3 gap-y-4">
        {ADDRESS_FIELDS.map(({ name, half, ...spec }) => {
          const field = form.field(name);
          return (
            <TextField
              key={name}
              look="shop"
              id={`address-${name}`}
              className={half ? 'col-span-2 sm:col-span-1' : 'col-span-2'}
              hint={spec.readOnly ? 'We deliver within India only.' : undefined}
              {...spec}
              {...field}
              onFocus={() => onEdit(name)}
              onChange={(event) => {
                onEdit(name);
                return field.onChange(event);
              }}
            />
          );
        })}
      </div>
    </fieldset>
  );
}
