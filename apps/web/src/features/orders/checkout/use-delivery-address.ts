import { useRef, useState, type RefObject } from 'react';
import type { SavedAddress } from '@vastra/shared/schemas/address-book';
import type { Address } from '@vastra/shared/schemas/order';
import type { SchemaForm } from '@/components/ui/form';
import { ADDRESSES_KEY, listAddresses, saveAddress } from '@/lib/addresses/address-calls';
import { usePinAutofill } from '@/lib/addresses/use-pin-autofill';
import type { PinCheck } from '@/lib/addresses/use-pin-check';
import { toastApiError } from '@/lib/api-client';
import { invalidate, useQuery } from '@/lib/query';
import type { AddressDraft, AddressField } from '@/lib/addresses/address-fields';
import { CHECKOUT_TEXT } from './messages';
import type { AddressChoice } from './saved-address-choice';

export interface DeliveryAddress {
  addresses: readonly SavedAddress[];
  choice: AddressChoice;
  choose: (choice: AddressChoice) => void;
  /** The saved address chosen; undefined while the form is the address. */
  saved: SavedAddress | undefined;
  /** The delivery check of the chosen address's PIN code. */
  pin: PinCheck;
  saveForNext: boolean;
  setSaveForNext: (save: boolean) => void;
  /** After the server accepted the order: keeps a new address in the book when asked to. */
  remember: (address: Address) => Promise<void>;
}

/** A field the PIN code's check fills: its error, if it showed one, is checked again. */
export function fillField(
  form: SchemaForm<AddressDraft, unknown>,
  field: 'city' | 'state',
  value: string,
): void {
  form.setValue(field, value, { shouldValidate: form.getFieldState(field).error !== undefined });
}

/** What an order takes from a saved address (the label and the default stay in the book). */
export function orderAddressOf(saved: SavedAddress): Address {
  const { firstName, lastName, email, street, city, state, zipcode, country, phone } = saved;
  return {
    firstName,
    lastName,
    email,
    street,
    city,
    state: state === '' ? undefined : state,
    zipcode,
    country,
    phone,
  };
}

/**
 * Where the order goes (docs/decisions/133-address-book-screens.md): one of the shopper's saved
 * addresses, the default preselected, or the form — with the PIN code checked as it is typed,
 * filling the city (when empty, or filled by this check before) and the state.
 */
export function useDeliveryAddress(
  form: SchemaForm<AddressDraft, Address>,
  edited: RefObject<Set<AddressField>>,
): DeliveryAddress {
  // A failure leaves the form, as before the address book: the shopper types the address.
  const book = useQuery(ADDRESSES_KEY, listAddresses);
  const addresses = book.data?.addresses ?? [];
  const [picked, setPicked] = useState<AddressChoice | null>(null);
  const [saveForNext, setSaveForNext] = useState(true);
  const lastSaved = useRef<string | null>(null);

  const preselected = addresses.find((a) => a.isDefault) ?? addresses[0];
  // Typing into the form before the book arrived keeps the form.
  const wanted = picked ?? (edited.current.size === 0 && preselected ? preselected._id : 'new');
  const saved = addresses.find((a) => a._id === wanted);
  const choice: AddressChoice = saved ? saved._id : 'new';

  const typedPin = form.watch('zipcode');
  const pin = usePinAutofill({
    pin: saved ? saved.zipcode : typedPin,
    fills: !saved,
    city: () => form.getValues('city'),
    fill: (field, value) => fillField(form, field, value),
  });

  const remember = async (address: Address) => {
    if (saved || !saveForNext) return;
    const key = JSON.stringify(address);
    // Closing the payment window and placing again must not save the same address twice.
    if (lastSaved.current === key) return;
    lastSaved.current = key;
    try {
      await saveAddress(address);
      invalidate(ADDRESSES_KEY);
    } catch (error) {
      lastSaved.current = null;
      toastApiError(error, CHECKOUT_TEXT.addressNotSaved);
    }
  };

  return {
    addresses,
    choice,
    choose: setPicked,
    saved,
    pin,
    saveForNext,
    setSaveForNext,
    remember,
  };
}
