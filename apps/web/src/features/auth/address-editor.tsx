import { useState } from 'react';
import {
  savedAddressInputSchema,
  type SavedAddress,
  type SavedAddressInput,
} from '@vastra/shared/schemas/address-book';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { FormRefusal, useSchemaForm } from '@/components/ui/form';
import { ApiError, toastApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { AddressFieldGrid } from '@/components/addresses/address-field-grid';
import { EMPTY_ADDRESS, type AddressDraft } from '@/lib/addresses/address-fields';
import { addressInput } from '@/lib/addresses/address-input';
import { saveAddress, updateAddress } from '@/lib/addresses/address-calls';
import { ADDRESS_BOOK_TEXT } from './address-book-text';
import { pinRefusal } from '@/lib/addresses/use-pin-check';
import { usePinAutofill } from '@/lib/addresses/use-pin-autofill';

type Values = AddressDraft & { label: string };

function draftOf(address: SavedAddress | undefined): Values {
  if (!address) return { ...EMPTY_ADDRESS, label: '' };
  const { _id, isDefault, ...fields } = address;
  void _id;
  void isDefault;
  return fields;
}

/**
 * Adds or changes one saved address on the profile: checkout's fields and rules (the API's
 * schema), a label, the PIN code filling the city and state. The API's refusals (an unknown PIN
 * code, the 20-address limit) show above the fields.
 */
export function AddressEditor({
  address,
  defaults,
  onSaved,
  onCancel,
}: {
  /** The address being changed; none to add one. */
  address?: SavedAddress;
  /** A new address starts with the account's name, e-mail and number. */
  defaults?: Partial<Values>;
  onSaved: (addresses: SavedAddress[]) => void;
  onCancel: () => void;
}) {
  const form = useSchemaForm<Values, SavedAddressInput>({
    schema: savedAddressInputSchema,
    defaultValues: { ...draftOf(address), ...(address ? {} : defaults) },
    prepare: (values) => ({
      ...addressInput(values),
      label: values.label.trim() === '' ? undefined : values.label,
    }),
  });
  const [busy, setBusy] = useState(false);
  form.watch('state');
  const pin = usePinAutofill({
    pin: form.watch('zipcode'),
    fills: true,
    city: () => form.getValues('city'),
    fill: (field, value) =>
      form.setValue(field, value, {
        shouldValidate: form.getFieldState(field).error !== undefined,
      }),
  });
  const pinProblem = pinRefusal(pin, false);

  const onSubmit = form.handleSubmit(async (input) => {
    if (busy) return;
    setBusy(true);
    try {
      const answer = address ? await updateAddress(address._id, input) : await saveAddress(input);
      notify.success(answer.message);
      onSaved(answer.addresses);
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'http' && error.serverMessage)
        form.refuse(error.serverMessage);
      else toastApiError(error, ADDRESS_BOOK_TEXT.saveFailed);
      setBusy(false);
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={address ? ADDRESS_BOOK_TEXT.editTitle : ADDRESS_BOOK_TEXT.addTitle}
      data-testid="address-editor"
      className="space-y-4 border border-line bg-white p-4 sm:p-5"
    >
      <h3 className="text-xs font-medium tracking-[0.16em] uppercase">
        {address ? ADDRESS_BOOK_TEXT.editTitle : ADDRESS_BOOK_TEXT.addTitle}
      </h3>
      <FormRefusal message={form.refusal} />
      <TextField
        look="shop"
        id={`${address?._id ?? 'new'}-label`}
        label="Label"
        placeholder="Home, Office…"
        optional
        {...form.field('label')}
      />
      <AddressFieldGrid
        field={(name) => form.field(name)}
        value={(name) => form.getValues(name)}
        idPrefix={address?._id ?? 'new'}
        pin={{ error: pinProblem, note: null }}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? 'SAVING…' : 'SAVE ADDRESS'}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
          CANCEL
        </Button>
      </div>
    </form>
  );
}
