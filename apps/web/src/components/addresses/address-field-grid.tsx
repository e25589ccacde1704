import type { ReactNode } from 'react';
import { SelectField, TextField } from '@/components/ui/field';
import type { SchemaForm } from '@/components/ui/form';
import { ADDRESS_FIELDS, type AddressField } from '@/lib/addresses/address-fields';

type FieldProps = ReturnType<SchemaForm<Record<string, string>, unknown>['field']>;

/**
 * The address's fields in their grid, for checkout's delivery form and the profile's address
 * book: each with its error beside it; the PIN code's delivery check may add its own message
 * (shown when the field has no other) and a note under it.
 */
export function AddressFieldGrid({
  field,
  value,
  idPrefix,
  onEdit,
  pin,
}: {
  field: (name: AddressField) => FieldProps;
  /** A field's current text (the state's select keeps a typed state it does not list). */
  value: (name: AddressField) => string;
  idPrefix: string;
  onEdit?: (name: AddressField) => void;
  pin?: { error: string | null; note: ReactNode };
}) {
  return (
    <div className="grid grid-cols-2 gap-x-3 gap-y-4">
      {ADDRESS_FIELDS.map(({ name, half, choices, ...spec }) => {
        const registered = field(name);
        const props = {
          look: 'shop' as const,
          id: `${idPrefix}-${name}`,
          className: half ? 'col-span-2 sm:col-span-1' : 'col-span-2',
          hint: (spec.readOnly ? 'We deliver within India only.' : undefined) as ReactNode,
          ...spec,
          ...registered,
          onFocus: () => onEdit?.(name),
          onChange: (event: { target: unknown; type?: unknown }) => {
            onEdit?.(name);
            return registered.onChange(event);
          },
        };
        if (name === 'zipcode' && pin) {
          props.error = registered.error ?? pin.error ?? undefined;
          props.hint = pin.note;
        }
        if (choices) {
          const current = value(name);
          const listed = current === '' || choices.includes(current);
          return (
            <SelectField key={name} {...props}>
              <option value="">Select a state</option>
              {!listed && <option value={current}>{current}</option>}
              {choices.map((choice) => (
                <option key={choice} value={choice}>
                  {choice}
                </option>
              ))}
            </SelectField>
          );
        }
        return <TextField key={name} {...props} />;
      })}
    </div>
  );
}
