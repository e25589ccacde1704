import { describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES } from '@vastra/shared/schemas/order';
import { EMPTY_ADDRESS, type AddressDraft } from './address-fields';
import { fieldError, validateAddress } from './validate-address';

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

describe('validateAddress (the server addressSchema, run in the browser)', () => {
  it('accepts a full address without a state and answers it as the server stores it', () => {
    const result = validateAddress(good);
    expect(result).toEqual({
      ok: true,
      address: {
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
    const result = validateAddress(EMPTY_ADDRESS);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
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
    expect(fieldError({ ...good, [field]: value }, field)).toBe(message);
  });

  it('one field’s check ignores the others’ problems', () => {
    expect(fieldError({ ...EMPTY_ADDRESS, city: 'Pune' }, 'city')).toBeUndefined();
  });
});
