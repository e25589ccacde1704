import { describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES, addressSchema } from '@vastra/shared/schemas/order';
import { EMPTY_ADDRESS, type AddressDraft } from './address-fields';
import { addressInput } from './address-input';

const good: AddressDraft = {
  ...EMPTY_ADDRESS,
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'Asha@Example.com ',
  street: '12 MG Road',
  city: 'Bengaluru',
  zipcode: '560001',
  phone: '+91 98765 43210',
};

/** The first message per field, as the form shows them. */
function errorsOf(draft: AddressDraft): Record<string, string> {
  const result = addressSchema.safeParse(addressInput(draft));
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

describe('addressInput (the delivery form, checked by the server addressSchema)', () => {
  it('accepts a full address without a state and answers it as the server stores it', () => {
    expect(addressSchema.safeParse(addressInput(good))).toEqual({
      success: true,
      data: {
        firstName: 'Asha',
        lastName: 'Rao',
        email: 'asha@example.com',
        street: '12 MG Road',
        city: 'Bengaluru',
        state: undefined,
        zipcode: '560001',
        country: 'India',
        phone: '9876543210',
      },
    });
  });

  it('names every missing or wrong field at once, state excepted', () => {
    expect(errorsOf(EMPTY_ADDRESS)).toEqual({
      firstName: ADDRESS_MESSAGES.firstName,
      lastName: ADDRESS_MESSAGES.lastName,
      email: ADDRESS_MESSAGES.email,
      street: ADDRESS_MESSAGES.street,
      city: ADDRESS_MESSAGES.city,
      zipcode: ADDRESS_MESSAGES.zipcode,
      phone: ADDRESS_MESSAGES.phone,
    });
  });

  it.each([
    ['zipcode', '012345', ADDRESS_MESSAGES.zipcode],
    ['zipcode', '56001', ADDRESS_MESSAGES.zipcode],
    ['phone', '5876543210', ADDRESS_MESSAGES.phone],
    ['phone', '98765', ADDRESS_MESSAGES.phone],
    ['email', 'asha@', ADDRESS_MESSAGES.email],
    ['country', 'Nepal', ADDRESS_MESSAGES.country],
    ['firstName', '   ', ADDRESS_MESSAGES.firstName],
  ] as const)('%s %j → %s', (field, value, message) => {
    expect(errorsOf({ ...good, [field]: value })).toEqual({ [field]: message });
  });
});
