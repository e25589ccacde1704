import { SHIPPING_COUNTRY } from '@vastra/shared/constants';
import { ADDRESS_MESSAGES, type Address } from '@vastra/shared/schemas/order';

/** The delivery form's fields as strings, the way the inputs hold them (docs/product.md §3). */
export type AddressDraft = Record<keyof Address, string>;
export type AddressField = keyof Address;
export type AddressErrors = Partial<Record<AddressField, string>>;

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
  maxLength: number;
  /** Every field is required except state (docs/product.md §5). */
  optional?: boolean;
  readOnly?: boolean;
  /** Fields sharing a row on wider screens. */
  half?: boolean;
}

/** In the order they are shown; the labels and limits match the server's addressSchema. */
export const ADDRESS_FIELDS: readonly FieldSpec[] = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name', maxLength: 60, half: true },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name', maxLength: 60, half: true },
  {
    name: 'email',
    label: 'Email address',
    autoComplete: 'email',
    type: 'email',
    inputMode: 'email',
    maxLength: 254,
  },
  {
    name: 'street',
    label: 'Street address',
    autoComplete: 'street-address',
    placeholder: 'House no., building, street, area',
    maxLength: 200,
  },
  { name: 'city', label: 'City', autoComplete: 'address-level2', maxLength: 80, half: true },
  {
    name: 'state',
    label: 'State',
    autoComplete: 'address-level1',
    maxLength: 80,
    optional: true,
    half: true,
  },
  {
    name: 'zipcode',
    label: 'PIN code',
    autoComplete: 'postal-code',
    inputMode: 'numeric',
    placeholder: '6 digits',
    maxLength: 6,
    half: true,
  },
  {
    name: 'country',
    label: 'Country',
    autoComplete: 'country-name',
    maxLength: 60,
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
    maxLength: 16,
  },
];

export { ADDRESS_MESSAGES };
