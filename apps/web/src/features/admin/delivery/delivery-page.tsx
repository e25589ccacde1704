import { useId, useState, type ComponentProps } from 'react';
import { useFieldArray } from 'react-hook-form';
import {
  deliverySettingsSchema,
  deliveryZoneSchema,
  holidaySchema,
  type DeliverySettings,
} from '@vastra/shared/schemas/delivery';
import { Button } from '@/components/ui/button';
import { FormRefusal, useSchemaForm, type SchemaForm } from '@/components/ui/form';
import { ApiError, toastApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/document-meta';
import { useQuery } from '@/lib/query';
import { notify } from '@/lib/toast';
import { DELIVERY_KEY } from '../admin-keys';
import { getDeliverySettings, saveDeliverySettings } from '../api/admin-calls';
import { beforeData, card, PageHeading, reloadError } from '../ui';
import { draftOf, NEW_HOLIDAY, NEW_ZONE, settingsOf, type DeliveryDraft } from './delivery-draft';

type DeliveryForm = SchemaForm<DeliveryDraft, DeliverySettings>;

/**
 * /admin/delivery: the PIN-code ranges and the holidays the delivery check and checkout read
 * (docs/decisions/128-delivery-check.md), both saved at once as the API replaces them. Every
 * field is checked with the API's own schema before sending, so its words appear beside the field.
 */
export function DeliveryPage() {
  useDocumentMeta('Admin · Delivery');
  const settings = useQuery(DELIVERY_KEY, getDeliverySettings);
  return (
    <>
      <PageHeading
        title="Delivery"
        text="Where the shop delivers, with cash on delivery or not, and the days nobody delivers."
      />
      <p data-testid="delivery-explanation" className="mb-6 max-w-3xl text-sm text-muted">
        The narrowest range holding a PIN code decides for it: keep one wide range for all of India
        and add narrower ones inside it for the exceptions. Of two equally narrow ranges the more
        cautious decides. Delivery dates count business days: Sundays and the holidays below are
        skipped.
      </p>
      {reloadError(settings, 'the delivery settings')}
      {settings.data === undefined ? (
        beforeData(settings, 'the delivery settings')
      ) : (
        <SettingsForm settings={settings.data} onSaved={(saved) => settings.set(() => saved)} />
      )}
    </>
  );
}

function SettingsForm({
  settings,
  onSaved,
}: {
  settings: DeliverySettings;
  onSaved: (saved: DeliverySettings) => void;
}) {
  const form = useSchemaForm<DeliveryDraft, DeliverySettings>({
    schema: deliverySettingsSchema,
    defaultValues: draftOf(settings),
    prepare: settingsOf,
  });
  const zones = useFieldArray({ control: form.control, name: 'zones' });
  const holidays = useFieldArray({ control: form.control, name: 'holidays' });
  const [saving, setSaving] = useState(false);

  const save = form.handleSubmit(async (next) => {
    setSaving(true);
    try {
      const saved = await saveDeliverySettings(next);
      onSaved(saved);
      form.reset(draftOf(saved));
      notify.success(
        `Delivery settings saved: ${count(saved.zones.length, 'range')}, ${count(saved.holidays.length, 'holiday')}`,
      );
    } catch (error) {
      // A refusal the shared schema did not foresee stays by the Save button, in the API's words.
      if (error instanceof ApiError && error.kind === 'http' && error.status === 400)
        form.refuse(error.message);
      else toastApiError(error);
    } finally {
      setSaving(false);
    }
  });

  return (
    <form noValidate onSubmit={save} className="space-y-8">
      <section aria-labelledby="zones-title">
        <h2 id="zones-title" className="font-serif text-xl">
          PIN-code ranges
        </h2>
        <div
          aria-hidden="true"
          className="mt-3 hidden gap-3 px-3 text-[11px] font-medium tracking-[0.14em] text-muted uppercase lg:grid lg:grid-cols-[6.5rem_6.5rem_minmax(0,1fr)_4.5rem_4.5rem_5rem_5.5rem]"
        >
          <span>From PIN</span>
          <span>To PIN</span>
          <span>Label</span>
          <span className="text-center">Serviced</span>
          <span className="text-center">COD</span>
          <span>Extra days</span>
          <span />
        </div>
        {/* Each range and holiday is a named group of fields, so they are not list items. */}
        <div
          role="group"
          aria-label="PIN-code ranges"
          className="mt-3 space-y-3 lg:mt-1 lg:space-y-0"
        >
          {zones.fields.map((zone, n) => (
            <div
              key={zone.id}
              data-testid="delivery-zone"
              role="group"
              aria-label={`Range ${n + 1}`}
              className={`${card} grid grid-cols-2 gap-3 p-4 lg:grid-cols-[6.5rem_6.5rem_minmax(0,1fr)_4.5rem_4.5rem_5rem_5.5rem] lg:items-start lg:border-x-0 lg:border-t-0 lg:bg-transparent lg:px-3 lg:py-2`}
            >
              <Cell
                label="From PIN"
                inputMode="numeric"
                maxLength={6}
                {...form.field(`zones.${n}.pinFrom`)}
              />
              <Cell
                label="To PIN"
                inputMode="numeric"
                maxLength={6}
                {...form.field(`zones.${n}.pinTo`)}
              />
              <Cell
                label="Label"
                className="col-span-2 lg:col-span-1"
                {...form.field(`zones.${n}.label`, deliveryZoneSchema.shape.label)}
              />
              <Tick label="Serviced" {...form.register(`zones.${n}.serviceable`)} />
              <Tick label="COD" {...form.register(`zones.${n}.cashOnDelivery`)} />
              <Cell
                label="Extra days"
                inputMode="numeric"
                maxLength={2}
                {...form.field(`zones.${n}.extraDays`)}
              />
              <RemoveCell
                label={`Remove range ${n + 1}`}
                // The API keeps at least one range: the last one cannot go.
                disabled={zones.fields.length === 1}
                onRemove={() => zones.remove(n)}
                rowsFrom="lg"
              />
            </div>
          ))}
        </div>
        <ListFoot
          error={listError(form, 'zones')}
          add="Add a range"
          onAdd={() => zones.append({ ...NEW_ZONE })}
        />
      </section>

      <section aria-labelledby="holidays-title">
        <h2 id="holidays-title" className="font-serif text-xl">
          Holidays
        </h2>
        <p className="mt-1 text-sm text-muted">
          No parcel moves on these days; festivals whose dates change each year are yours to add.
        </p>
        {holidays.fields.length === 0 && (
          <p className="mt-3 text-sm text-muted">No holidays: only Sundays are skipped.</p>
        )}
        <div role="group" aria-label="Holidays" className="mt-3 space-y-3 lg:space-y-0">
          {holidays.fields.map((holiday, n) => (
            <div
              key={holiday.id}
              data-testid="delivery-holiday"
              role="group"
              aria-label={`Holiday ${n + 1}`}
              className={`${card} grid grid-cols-[minmax(0,1fr)] gap-3 p-4 sm:grid-cols-[11rem_minmax(0,1fr)_auto] sm:items-start lg:border-x-0 lg:border-t-0 lg:bg-transparent lg:px-3 lg:py-2`}
            >
              <Cell label="Date" type="date" {...form.field(`holidays.${n}.day`)} />
              <Cell label="Name" {...form.field(`holidays.${n}.name`, holidaySchema.shape.name)} />
              <RemoveCell
                label={`Remove holiday ${n + 1}`}
                onRemove={() => holidays.remove(n)}
                rowsFrom="sm"
              />
            </div>
          ))}
        </div>
        <ListFoot
          error={listError(form, 'holidays')}
          add="Add a holiday"
          onAdd={() => holidays.append({ ...NEW_HOLIDAY })}
        />
      </section>

      <div className="space-y-3 border-t border-line pt-6">
        <FormRefusal message={form.refusal} />
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save ranges and holidays'}
        </Button>
      </div>
    </form>
  );
}

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** An error about a whole list ("Keep at least one range"), wherever the resolver put it. */
function listError(form: DeliveryForm, name: 'zones' | 'holidays'): string | undefined {
  const errors = form.formState.errors[name] as
    { message?: string; root?: { message?: string } } | undefined;
  return errors?.root?.message ?? errors?.message;
}

/**
 * A labelled text field of a row: the label shows on a phone's card and is left to screen readers
 * on a wide screen, where the column heads name the fields; its error shows beneath it.
 */
function Cell({
  label,
  error,
  className = '',
  ...input
}: ComponentProps<'input'> & { label: string; error: string | undefined }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`min-w-0 ${className}`}>
      <label
        htmlFor={id}
        className="mb-1 block text-[11px] font-medium tracking-[0.14em] uppercase lg:sr-only"
      >
        {label}
      </label>
      <input
        id={id}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="w-full min-w-0 border border-field bg-white px-2.5 py-2 text-[15px] text-ink focus:border-ink aria-invalid:border-accent"
      />
      {error && (
        <p id={errorId} className="mt-1 text-xs text-accent">
          {error}
        </p>
      )}
    </div>
  );
}

/** A tick of a row (served, cash on delivery), its label beside it on a phone. */
function Tick({ label, ...input }: ComponentProps<'input'> & { label: string }) {
  return (
    <label className="flex items-center gap-2 text-sm lg:justify-center lg:py-2.5">
      <input type="checkbox" {...input} className="h-4 w-4 accent-ink" />
      <span className="lg:sr-only">{label}</span>
    </label>
  );
}

// Whole class strings (Tailwind finds them only as written): a row's Remove button fills the
// phone's card, and sits at the row's end from the width where rows become table rows.
const REMOVE_LOOKS = {
  sm: { cell: 'flex items-end sm:items-start', button: 'w-full sm:w-auto' },
  lg: { cell: 'flex items-end lg:items-start', button: 'w-full lg:w-auto' },
} as const;

function RemoveCell({
  label,
  disabled = false,
  onRemove,
  rowsFrom,
}: {
  label: string;
  disabled?: boolean;
  onRemove: () => void;
  rowsFrom: keyof typeof REMOVE_LOOKS;
}) {
  const looks = REMOVE_LOOKS[rowsFrom];
  return (
    <div className={looks.cell}>
      <Button
        type="button"
        variant="danger"
        aria-label={label}
        disabled={disabled}
        onClick={onRemove}
        className={looks.button}
      >
        Remove
      </Button>
    </div>
  );
}

/** Under a list: its own error ("Keep at least one range"), and the button adding a row. */
function ListFoot({
  error,
  add,
  onAdd,
}: {
  error: string | undefined;
  add: string;
  onAdd: () => void;
}) {
  return (
    <>
      {error && <p className="mt-2 text-sm text-accent">{error}</p>}
      <Button type="button" variant="secondary" className="mt-3" onClick={onAdd}>
        {add}
      </Button>
    </>
  );
}
