import { SHIPPING_COUNTRY } from '@vastra/shared/constants';
import type { Address } from '@vastra/shared/schemas/order';
import { INDIAN_STATES } from '@vastra/shared/tax/indian-states';

/** The delivery form's fields as strings, the way the inputs hold them (docs/product.md §3). */
export type AddressDraft = Record<keyof Address, string>;
export type AddressField = keyof Address;

export const EMPTY_ADDRESS: AddressDraft = {
  firstName: '',
  lastName: '',
  email: '',
  street: '',
  city: '',
  state: '',
  zipcode: '',
  country: SHIPPING_COUNTRY,
  phone: '',
};

interface FieldSpec {
  name: AddressField;
  label: string;
  autoComplete: string;
  type?: 'email' | 'tel' | 'text';
  inputMode?: 'numeric' | 'tel' | 'email';
  placeholder?: string;
  /** Every field is required except state (docs/product.md §5). */
  optional?: boolean;
  readOnly?: boolean;
  /** Fields sharing a row on wider screens. */
  half?: boolean;
  /** A select of these choices instead of a text input (the value is the choice's text). */
  choices?: readonly string[];
}

/** The state is chosen from India's list (the API still takes it as text: docs/decisions/133). */
export const STATE_NAMES: readonly string[] = INDIAN_STATES.map((state) => state.name).sort();

/** In the order they are shown; the limits and messages are the server's addressSchema's. */
export const ADDRESS_FIELDS: readonly FieldSpec[] = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name', half: true },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name', half: true },
  {
    name: 'email',
    label: 'Email address',
    autoComplete: 'email',
    type: 'email',
    inputMode: 'email',
  },
  {
    name: 'street',
    label: 'Street address',
    autoComplete: 'street-address',
    placeholder: 'House no., building, street, area',
  },
  { name: 'city', label: 'City', autoComplete: 'address-level2', half: true },
  {
    name: 'state',
    label: 'State',
    autoComplete: 'address-level1',
    optional: true,
    half: true,
    choices: STATE_NAMES,
  },
  {
    name: 'zipcode',
    label: 'PIN code',
    autoComplete: 'postal-code',
    inputMode: 'numeric',
    placeholder: '6 digits',
    half: true,
  },
  {
    name: 'country',
    label: 'Country',
    autoComplete: 'country-name',
    readOnly: true,
    half: true,
  },
  {
    name: 'phone',
    label: 'Mobile number',
    autoComplete: 'tel-national',
    type: 'tel',
    inputMode: 'tel',
    placeholder: '10-digit mobile number',
  },
];
