import { useState } from 'react';
import { adminReviewHideSchema, type AdminReviewHide } from '@vastra/shared/schemas/review';
import { TextArea } from '@/components/ui/field';
import { FormRefusal, useSchemaForm } from '@/components/ui/form';
import { ApiError, toastApiError } from '@/lib/api-client';
import { DialogForm } from '../ui';

/**
 * Hiding a review asks why (docs/decisions/136-product-reviews.md): the reason is checked by the
 * schema the API parses with, and the author sees it beside their review. A refusal stays in the
 * dialog so the owner can correct it.
 */
export function HideDialog({
  author,
  onSend,
  onClose,
}: {
  author: string;
  onSend: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const form = useSchemaForm<AdminReviewHide, AdminReviewHide>({
    schema: adminReviewHideSchema,
    defaultValues: { reason: '' },
  });
  const [busy, setBusy] = useState(false);
  const onSubmit = form.handleSubmit(async ({ reason }) => {
    setBusy(true);
    try {
      await onSend(reason);
    } catch (error) {
      toastApiError(error);
      form.refuse(
        error instanceof ApiError
          ? (error.serverMessage ?? error.message)
          : 'Not saved. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  });
  return (
    <DialogForm
      title={`Hide ${author}'s review?`}
      text="It leaves the product page and its rating. The author sees your reason beside it; you can show it again later."
      submit="Hide review"
      danger
      busy={busy}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <FormRefusal message={form.refusal} />
      <TextArea label="Reason" rows={3} {...form.field('reason')} />
    </DialogForm>
  );
}
