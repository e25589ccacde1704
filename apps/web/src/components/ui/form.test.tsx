import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '@vastra/shared/constants';
import { ADDRESS_MESSAGES, addressSchema } from '@vastra/shared/schemas/order';
import { otpSchema } from '@vastra/shared/schemas/user';
import { TextField } from './field';
import { FormRefusal, useSchemaForm } from './form';

// Two fields of the shared address schema and a PIN code written as text by the shopper.
const schema = z.object({
  firstName: addressSchema.shape.firstName,
  city: addressSchema.shape.city,
  zipcode: addressSchema.shape.zipcode,
});
type Values = { firstName: string; city: string; zipcode: string; otp: string };

function Harness({
  onSend,
  refusal,
}: {
  onSend: (values: z.infer<typeof schema>) => void;
  refusal?: string;
}) {
  const form = useSchemaForm<Values, z.infer<typeof schema>>({
    schema,
    defaultValues: { firstName: '', city: '', zipcode: '', otp: '' },
  });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => {
        onSend(values);
        if (refusal) form.refuse(refusal);
      })}
    >
      <FormRefusal message={form.refusal} />
      <TextField label="First name" {...form.field('firstName')} />
      <TextField label="City" {...form.field('city')} />
      <TextField label="PIN code" {...form.field('zipcode')} />
      <TextField
        label="OTP"
        {...form.field('otp', otpSchema)}
        action={
          <button type="button" onClick={() => form.checkField('otp', otpSchema)}>
            Verify
          </button>
        }
      />
      <button type="submit">Send</button>
    </form>
  );
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) =>
  fireEvent.change(input(label), { target: { value } });
const send = () =>
  act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Send' })));

afterEach(cleanup);

describe('useSchemaForm', () => {
  it('shows each error beside its field, tied to it for screen readers, and focuses the first', async () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    type('City', 'Pune');
    await send();

    expect(onSend).not.toHaveBeenCalled();
    const first = input('First name');
    expect(first.getAttribute('aria-invalid')).toBe('true');
    const describedBy = first.getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toBe(ADDRESS_MESSAGES.firstName);
    expect(input('PIN code').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(ADDRESS_MESSAGES.zipcode)).toBeTruthy();
    // Each error is announced as it appears (docs/decisions/140-inline-form-errors.md).
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      ADDRESS_MESSAGES.firstName,
      ADDRESS_MESSAGES.zipcode,
    ]);
    // The valid field carries no error.
    expect(input('City').getAttribute('aria-invalid')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(first));
  });

  it('takes each field’s maxLength from the schema', () => {
    render(<Harness onSend={vi.fn()} />);
    expect(input('First name').maxLength).toBe(60);
    expect(input('City').maxLength).toBe(80);
    expect(input('PIN code').maxLength).toBe(6);
    // A field checked on its own takes its limit from the schema it names.
    expect(input('OTP').maxLength).toBe(6);
  });

  it('clears an error as its field is corrected, and sends the schema’s output', async () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    await send();
    await act(async () => type('First name', '  Asha '));
    await waitFor(() => expect(screen.queryByText(ADDRESS_MESSAGES.firstName)).toBeNull());
    expect(input('First name').getAttribute('aria-invalid')).toBeNull();

    type('City', 'Pune');
    type('PIN code', '411001');
    await send();
    expect(onSend).toHaveBeenCalledWith({ firstName: 'Asha', city: 'Pune', zipcode: '411001' });
  });

  it('shows the server’s refusal for the whole form until the next send', async () => {
    render(<Harness onSend={vi.fn()} refusal="Prices in your cart have changed" />);
    type('First name', 'Asha');
    type('City', 'Pune');
    type('PIN code', '411001');
    await send();
    expect(screen.getByRole('alert').textContent).toBe('Prices in your cart have changed');

    type('PIN code', '011001');
    await send();
    expect(screen.queryByTestId('form-refusal')).toBeNull();
    expect(screen.getByText(ADDRESS_MESSAGES.zipcode)).toBeTruthy();
  });

  it('checks one field on its own for the button beside it, and focuses it', async () => {
    render(<Harness onSend={vi.fn()} />);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Verify' })));
    expect(screen.getByText(ACCOUNT_MESSAGES.enterOtp)).toBeTruthy();
    expect(document.activeElement).toBe(input('OTP'));
    // Only that field: the others are left alone until the form is sent.
    expect(input('First name').getAttribute('aria-invalid')).toBeNull();

    type('OTP', '123456');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Verify' })));
    expect(screen.queryByText(ACCOUNT_MESSAGES.enterOtp)).toBeNull();
  });
});
