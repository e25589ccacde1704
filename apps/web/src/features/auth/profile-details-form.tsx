import { useState } from 'react';
import {
  profileUpdateSchema,
  type ProfileUpdate,
  type PublicUser,
} from '@vastra/shared/schemas/user';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { FormRefusal, useSchemaForm } from '@/components/ui/form';
import { ApiError, toastApiError } from '@/lib/api-client';
import { ME_KEY } from '@/lib/me';
import { setQueryData } from '@/lib/query';
import { notify } from '@/lib/toast';
import { updateProfile } from './api/account-calls';
import { AccountEmailField } from './auth-ui';
import { AUTH_TEXT } from './messages';

type Values = { name: string; phone: string };

/**
 * The profile's name and mobile number (PATCH /api/user/me, docs/decisions/130): checked by the
 * API's own schema, each error beside its field; an empty number clears it. The answer is the
 * account as /api/user/me answers it, so the header and checkout see the change at once.
 */
export function ProfileDetailsForm({ user }: { user: PublicUser }) {
  const form = useSchemaForm<Values, ProfileUpdate>({
    schema: profileUpdateSchema,
    defaultValues: { name: user.name, phone: user.phone ?? '' },
  });
  const [busy, setBusy] = useState(false);

  const onSubmit = form.handleSubmit(async (values) => {
    if (busy) return;
    setBusy(true);
    try {
      const {
        success,
        user: saved,
        message,
      } = await updateProfile({
        name: values.name,
        phone: values.phone ?? '',
      });
      setQueryData(ME_KEY, { success, user: saved });
      form.reset({ name: saved.name, phone: saved.phone ?? '' });
      notify.success(message);
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'http' && error.serverMessage)
        form.refuse(error.serverMessage);
      else toastApiError(error, AUTH_TEXT.profileSaveFailed);
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={onSubmit} className="space-y-5" noValidate aria-label="Your details">
      <FormRefusal message={form.refusal} />
      <TextField look="shop" label="Name" autoComplete="name" {...form.field('name')} />
      <AccountEmailField email={user.email} hint={AUTH_TEXT.emailFixed} />
      <TextField
        look="shop"
        label="Mobile number"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="10-digit mobile number"
        optional
        hint={AUTH_TEXT.phoneHint}
        {...form.field('phone')}
      />
      <Button type="submit" size="block" disabled={busy}>
        {busy ? 'SAVING…' : 'SAVE DETAILS'}
      </Button>
    </form>
  );
}
