import { useState } from 'react';
import { formatPrice } from '@vastra/shared/pricing/money';
import {
  adminCouponCreateSchema,
  adminCouponUpdateSchema,
  type AdminCoupon,
  type AdminCouponCreate,
  type AdminCouponUpdate,
} from '@vastra/shared/schemas/admin';
import { toastApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/document-meta';
import { notify } from '@/lib/toast';
import { createCoupon, getCoupons, updateCoupon } from '../api/admin-calls';
import { formatDate } from '../format';
import { Button } from '@/components/ui/button';
import { EmptyPanel } from '@/components/ui/empty-state';
import { SelectField, TextField } from '@/components/ui/field';
import { useSchemaForm, type SchemaForm } from '@/components/ui/form';
import { beforeData, card, PageHeading, useConfirm } from '../ui';
import { useQuery } from '@/lib/query';
import { COUPONS_KEY } from '../admin-keys';

/** Form text → the API's numbers: blank is "not given", anything else must parse as a number. */
const num = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** A coupon as the forms hold it: text as typed, the ticks as booleans. */
interface CouponDraft {
  code: string;
  kind: string;
  percent: string;
  minSubtotal: string;
  maxEarlierOrders: string;
  oncePerAccount: boolean;
  hidden: boolean;
}

function LimitFields<Output>({
  kind,
  form,
}: {
  kind: string;
  form: SchemaForm<CouponDraft, Output>;
}) {
  return (
    <>
      {kind === 'percent' && (
        <TextField label="Percent off" inputMode="numeric" {...form.field('percent')} />
      )}
      <TextField
        label="Minimum subtotal (₹)"
        inputMode="numeric"
        hint="0 for none"
        {...form.field('minSubtotal')}
      />
      <TextField
        label="Only for fewer than N earlier orders"
        inputMode="numeric"
        hint="Blank for everyone"
        {...form.field('maxEarlierOrders')}
      />
      <div className="flex flex-col justify-end gap-2 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            {...form.register('oncePerAccount')}
            className="h-4 w-4 accent-ink"
          />
          Once per account
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" {...form.register('hidden')} className="h-4 w-4 accent-ink" />
          Hidden from Available Offers
        </label>
      </div>
    </>
  );
}

const draftOf = (c: AdminCoupon): CouponDraft => ({
  code: c.code,
  kind: c.kind,
  percent: String(c.percent),
  minSubtotal: String(c.minSubtotal),
  maxEarlierOrders: c.maxEarlierOrders === null ? '' : String(c.maxEarlierOrders),
  oncePerAccount: c.oncePerAccount,
  hidden: c.hidden,
});

/** The limits as the API takes them; the schema refuses what is not a number. */
const limitsBody = (l: CouponDraft, kind: string) => ({
  ...(kind === 'percent' ? { percent: num(l.percent) } : {}),
  minSubtotal: num(l.minSubtotal) ?? 0,
  maxEarlierOrders: num(l.maxEarlierOrders) ?? null,
  oncePerAccount: l.oncePerAccount,
  hidden: l.hidden,
});

/** /admin/coupons: every coupon with its uses (redeemed, and held by unpaid orders); create one; change its limits; switch it off. */
export function CouponsPage() {
  useDocumentMeta('Admin · Coupons');
  const list = useQuery(COUPONS_KEY, getCoupons);
  const [confirmDialog, confirm] = useConfirm();

  const replace = (coupon: AdminCoupon) =>
    list.set((d) => ({ ...d, coupons: d.coupons.map((c) => (c._id === coupon._id ? coupon : c)) }));

  const toggle = async (coupon: AdminCoupon) => {
    if (coupon.active) {
      const ok = await confirm({
        title: `Deactivate ${coupon.code}?`,
        text: 'Shoppers can no longer apply it. You can activate it again later.',
        confirm: 'Deactivate',
        danger: true,
      });
      if (!ok) return;
    }
    try {
      const answer = await updateCoupon(coupon._id, { active: !coupon.active });
      notify.success(`${coupon.code}: ${answer.coupon.active ? 'active' : 'deactivated'}`);
      replace(answer.coupon);
    } catch (error) {
      toastApiError(error);
    }
  };

  let body;
  if (list.data === undefined) body = beforeData(list, 'the coupons');
  else if (list.data.coupons.length === 0)
    body = <EmptyPanel title="No coupons yet" text="Create the first one below." />;
  else
    body = (
      <ul aria-label="Coupons" className="space-y-3">
        {list.data.coupons.map((coupon) => (
          <li key={coupon._id}>
            <CouponRow coupon={coupon} onToggle={() => void toggle(coupon)} onSaved={replace} />
          </li>
        ))}
      </ul>
    );

  return (
    <>
      <PageHeading title="Coupons" text="Codes shoppers apply at checkout, with their limits." />
      {body}
      <NewCoupon onCreated={(c) => list.set((d) => ({ ...d, coupons: [...d.coupons, c] }))} />
      {confirmDialog}
    </>
  );
}

function CouponRow({
  coupon,
  onToggle,
  onSaved,
}: {
  coupon: AdminCoupon;
  onToggle: () => void;
  onSaved: (c: AdminCoupon) => void;
}) {
  const [editing, setEditing] = useState(false);
  const form = useSchemaForm<CouponDraft, AdminCouponUpdate>({
    schema: adminCouponUpdateSchema,
    defaultValues: draftOf(coupon),
    prepare: (draft) => limitsBody(draft, coupon.kind),
  });
  const [saving, setSaving] = useState(false);

  const save = form.handleSubmit(async (limits) => {
    setSaving(true);
    try {
      const answer = await updateCoupon(coupon._id, limits);
      notify.success(`${coupon.code}: ${answer.message}`);
      onSaved(answer.coupon);
      setEditing(false);
    } catch (error) {
      toastApiError(error);
    } finally {
      setSaving(false);
    }
  });

  return (
    <article
      data-testid="admin-coupon"
      className={`${card} p-4`}
      aria-label={`Coupon ${coupon.code}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-base font-semibold tracking-wider">{coupon.code}</span>
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${coupon.active ? 'bg-sale/10 text-sale' : 'bg-line text-ink'}`}
            >
              {coupon.active ? 'Active' : 'Inactive'}
            </span>
            {coupon.hidden && (
              <span className="rounded-full bg-line px-2.5 py-0.5 text-xs text-ink">Hidden</span>
            )}
          </p>
          <p className="mt-1 text-sm">{coupon.description}</p>
          <p className="mt-1 text-xs text-muted">
            {coupon.kind === 'percent' ? `${coupon.percent}% off` : 'Free delivery'} · minimum{' '}
            {formatPrice(coupon.minSubtotal)}
            {coupon.maxEarlierOrders !== null
              ? ` · fewer than ${coupon.maxEarlierOrders} earlier orders`
              : ''}
            {coupon.oncePerAccount ? ' · once per account' : ''} · since{' '}
            {formatDate(coupon.createdAt)}
          </p>
          {/* Used: paid online and cash-on-delivery orders; held: unpaid online orders, whose use
              comes back if they are not paid (docs/decisions/112). */}
          <p data-testid="admin-coupon-uses" className="mt-1 text-xs tabular-nums">
            <span className="font-medium">{coupon.redemptions} used</span> ·{' '}
            <span className={coupon.held > 0 ? 'font-medium text-amber-900' : 'text-muted'}>
              {coupon.held} held
            </span>
          </p>
        </div>
        <div className="flex gap-2">
          <Button
            type="button"
            variant="secondary"
            aria-expanded={editing}
            onClick={() => setEditing((v) => !v)}
          >
            {editing ? 'Close' : 'Edit limits'}
          </Button>
          <Button type="button" variant={coupon.active ? 'danger' : 'primary'} onClick={onToggle}>
            {coupon.active ? 'Deactivate' : 'Activate'}
          </Button>
        </div>
      </div>
      {editing && (
        <form
          onSubmit={save}
          noValidate
          className="mt-4 grid gap-4 border-t border-line pt-4 sm:grid-cols-2 lg:grid-cols-4"
        >
          <LimitFields kind={coupon.kind} form={form} />
          <div className="sm:col-span-2 lg:col-span-4">
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving…' : 'Save limits'}
            </Button>
          </div>
        </form>
      )}
    </article>
  );
}

const NEW_COUPON: CouponDraft = {
  code: '',
  kind: 'percent',
  percent: '10',
  minSubtotal: '0',
  maxEarlierOrders: '',
  oncePerAccount: false,
  hidden: false,
};

function NewCoupon({ onCreated }: { onCreated: (c: AdminCoupon) => void }) {
  const form = useSchemaForm<CouponDraft, AdminCouponCreate>({
    schema: adminCouponCreateSchema,
    defaultValues: NEW_COUPON,
    prepare: (draft) => ({
      code: draft.code,
      kind: draft.kind,
      ...limitsBody(draft, draft.kind),
      active: true,
    }),
  });
  const kind = form.watch('kind');
  const code = form.field('code');
  const [saving, setSaving] = useState(false);

  const submit = form.handleSubmit(async (coupon) => {
    setSaving(true);
    try {
      const answer = await createCoupon(coupon);
      notify.success(`${answer.coupon.code}: ${answer.message}`);
      onCreated(answer.coupon);
      form.reset({ ...NEW_COUPON, kind: form.getValues('kind') });
    } catch (error) {
      toastApiError(error);
    } finally {
      setSaving(false);
    }
  });

  return (
    <section aria-labelledby="new-coupon" className={`${card} mt-8 p-4 sm:p-6`}>
      <h2 id="new-coupon" className="mb-4 font-serif text-xl">
        New coupon
      </h2>
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          label="Code"
          autoCapitalize="characters"
          hint="3–20 letters or digits"
          {...code}
          onChange={(event) => {
            event.target.value = event.target.value.toUpperCase();
            return code.onChange(event);
          }}
        />
        <SelectField label="Kind" {...form.field('kind')}>
          <option value="percent">Percent off</option>
          <option value="free_delivery">Free delivery</option>
        </SelectField>
        <LimitFields kind={kind} form={form} />
        <div className="sm:col-span-2 lg:col-span-4">
          <Button type="submit" disabled={saving}>
            {saving ? 'Creating…' : 'Create coupon'}
          </Button>
        </div>
      </form>
    </section>
  );
}
