import type { ReactNode } from 'react';
import type { Address } from '@vastra/shared/schemas/order';
import type { SchemaForm } from '@/components/ui/form';
import { AddressFieldGrid } from '@/components/addresses/address-field-grid';
import type { AddressDraft, AddressField } from '@/lib/addresses/address-fields';

/** The delivery address (docs/product.md §3): every field required except state, each error beside its field. */
export function DeliveryForm({
  form,
  onEdit,
  pin,
  children,
}: {
  form: SchemaForm<AddressDraft, Address>;
  /**
   * The shopper went into this field (or typed in it): the account's details, arriving later, must
   * not write into it — text typed after them would be appended to them.
   */
  onEdit: (field: AddressField) => void;
  /** The PIN code's delivery check: its refusal and the delivery window. */
  pin: { error: string | null; note: ReactNode };
  /** Under the fields (the "Save this address" box). */
  children?: ReactNode;
}) {
  form.watch('state');
  return (
    <div className="min-w-0">
      <AddressFieldGrid
        field={(name) => form.field(name)}
        value={(name) => form.getValues(name)}
        idPrefix="address"
        onEdit={onEdit}
        pin={pin}
      />
      {children}
    </div>
  );
}
