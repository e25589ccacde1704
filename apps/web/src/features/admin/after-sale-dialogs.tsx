import { useState, type ReactNode } from 'react';
import { z } from 'zod';
import { text } from '@vastra/shared/schemas/common';
import { adminPayoutDoneSchema, adminStatusChangeSchema } from '@vastra/shared/schemas/order-life';
import { TextArea, TextField } from '@/components/ui/field';
import { FormRefusal, useSchemaForm } from '@/components/ui/form';
import { ApiError, toastApiError } from '@/lib/api-client';
import { DialogForm } from './ui';

/**
 * The small forms the after-sale screens ask in a dialog (docs/decisions/122): the courier and
 * tracking number (shipping an order or an exchange), a note or a reason (cancelling, approving,
 * rejecting) and a UPI payout's reference. Each checks with the shared schema the API parses with,
 * so an error beside a field is the API's own words. `onSend` makes the call; a refusal stays in
 * the dialog (and a toast) so the owner can correct it.
 */

/** Courier and tracking number, both required: the shared optional fields, made required. */
const shipmentSchema = z.object({
  courier: adminStatusChangeSchema.shape.courier.unwrap(),
  trackingNumber: adminStatusChangeSchema.shape.trackingNumber.unwrap(),
});
export type ShipmentInput = z.infer<typeof shipmentSchema>;

const NOTE_MAX = 500;
const requiredNoteSchema = (message: string) =>
  z.object({
    note: text({ error: message }).trim().min(1, message).max(NOTE_MAX, 'The note is too long'),
  });
const optionalNoteSchema = z.object({ note: adminStatusChangeSchema.shape.note });

interface DialogProps<T> {
  title: string;
  text?: ReactNode;
  submit: string;
  danger?: boolean;
  dismiss?: string;
  onSend: (values: T) => Promise<void>;
  onClose: () => void;
}

function refusalOf(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return 'Not saved. Please try again.';
}

/** Runs `send`; a refusal is shown in the form and as a toast, and the dialog stays open. */
function useSending() {
  const [busy, setBusy] = useState(false);
  const run = async (send: () => Promise<void>, refuse: (message: string) => void) => {
    setBusy(true);
    try {
      await send();
    } catch (error) {
      toastApiError(error);
      refuse(refusalOf(error));
    } finally {
      setBusy(false);
    }
  };
  return [busy, run] as const;
}

export function ShipmentDialog({ dismiss = 'Not now', ...props }: DialogProps<ShipmentInput>) {
  const form = useSchemaForm<ShipmentInput, ShipmentInput>({
    schema: shipmentSchema,
    defaultValues: { courier: '', trackingNumber: '' },
  });
  const [busy, run] = useSending();
  return (
    <DialogForm
      {...props}
      dismiss={dismiss}
      busy={busy}
      onSubmit={form.handleSubmit((values) => run(() => props.onSend(values), form.refuse))}
    >
      <FormRefusal message={form.refusal} />
      <TextField
        label="Courier"
        autoComplete="off"
        hint="Delhivery, Blue Dart, India Post…"
        {...form.field('courier')}
      />
      <TextField
        label="Tracking number"
        autoComplete="off"
        autoCapitalize="characters"
        {...form.field('trackingNumber')}
      />
    </DialogForm>
  );
}

/** A note to the shopper; `required` gives the message shown when it is left empty. */
export function NoteDialog({
  label,
  required,
  ...props
}: DialogProps<{ note?: string | undefined }> & { label: string; required?: string }) {
  const form = useSchemaForm<{ note: string }, { note?: string | undefined }>({
    schema: required ? requiredNoteSchema(required) : optionalNoteSchema,
    defaultValues: { note: '' },
    // A blank optional note is no note.
    prepare: ({ note }) => (required || note.trim() ? { note } : {}),
  });
  const [busy, run] = useSending();
  return (
    <DialogForm
      {...props}
      busy={busy}
      onSubmit={form.handleSubmit((values) => run(() => props.onSend(values), form.refuse))}
    >
      <FormRefusal message={form.refusal} />
      <TextArea label={label} rows={3} optional={!required} {...form.field('note')} />
    </DialogForm>
  );
}

export function PayoutDialog({
  dismiss = 'Not now',
  ...props
}: DialogProps<{ reference: string }>) {
  const form = useSchemaForm<{ reference: string }, { reference: string }>({
    schema: adminPayoutDoneSchema,
    defaultValues: { reference: '' },
  });
  const [busy, run] = useSending();
  return (
    <DialogForm
      {...props}
      dismiss={dismiss}
      busy={busy}
      onSubmit={form.handleSubmit((values) => run(() => props.onSend(values), form.refuse))}
    >
      <FormRefusal message={form.refusal} />
      <TextField
        label="UPI transaction reference"
        autoComplete="off"
        hint="The UTR or reference number your UPI app shows for the payout"
        {...form.field('reference')}
      />
    </DialogForm>
  );
}
