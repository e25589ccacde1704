import { useRef } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { maxLengthOf } from '@/lib/schema-limits';

/**
 * The storefront's one way to do a form (docs/decisions/107-storefront-forms.md): react-hook-form
 * checked by a shared zod schema, so every message is the schema's (the API's own words) and every
 * length limit is the schema's. It loads only with the lazy routes that have forms: never import
 * it from the home route (docs/decisions/022).
 *
 * - Errors appear beside their fields when a field is left or the form is sent, and an error
 *   updates as soon as its field is typed in; a field without one waits for the next blur.
 * - Any change checks again every field showing an error, so an error another field caused (an
 *   MRP below the price, an HSN code the category replaced) goes when that field is put right
 *   (docs/decisions/140-inline-form-errors.md).
 * - Sending a form with errors focuses the first invalid field, in the order they are shown.
 * - `refuse(message)` keeps the server's refusal for the whole form (`refusal`, `FormRefusal`).
 */
export interface SchemaForm<Values extends FieldValues, Output> extends UseFormReturn<
  Values,
  unknown,
  Output
> {
  /**
   * What a field component takes: the registration, its error and the schema's maxLength. A
   * field checked on its own (`checkField`) names its schema here for its limits.
   */
  field: (
    name: FieldPath<Values>,
    fieldSchema?: z.ZodType,
  ) => UseFormRegisterReturn<FieldPath<Values>> & {
    error: string | undefined;
    maxLength?: number;
  };
  /**
   * Checks one field on its own with a shared schema (the button beside a field: Send OTP,
   * Verify OTP): shows and focuses its error, or clears it and gives the parsed value.
   */
  checkField: <T>(name: FieldPath<Values>, schema: z.ZodType<T>) => T | undefined;
  /** Shows the server's refusal for the whole form; the next send clears it. */
  refuse: (message: string) => void;
  refusal: string | undefined;
}

export function useSchemaForm<Values extends FieldValues, Output>({
  schema,
  defaultValues,
  prepare,
}: {
  /** Read once, with `prepare`, when the form is made. */
  schema: z.ZodType<Output>;
  defaultValues: DefaultValues<Values>;
  /**
   * What the inputs hold (text) → what the schema takes, key for key so errors land on their
   * fields: a blank optional field as undefined, numbers as text left for the schema to refuse.
   */
  prepare?: (values: Values) => unknown;
}): SchemaForm<Values, Output> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<Values, unknown, Output>;
  const form = useForm<Values, unknown, Output>({
    defaultValues,
    mode: 'onBlur',
    reValidateMode: 'onBlur',
    // react-hook-form would focus the first field registered, not the first shown: done below.
    shouldFocusError: false,
    resolver: (values, context, options) =>
      resolve((prepare ? prepare(values) : values) as Values, context, options),
  });
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  // Each field's controls, to focus the first invalid one in the order they are shown.
  const controls = useRef(new Map<Element, FieldPath<Values>>());

  const focusFirstError = () => {
    for (const control of controls.current.keys())
      if (!control.isConnected) controls.current.delete(control);
    const invalid = [...controls.current]
      .filter(([, name]) => form.getFieldState(name).error)
      .map(([control]) => control)
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    (invalid[0] as HTMLElement | undefined)?.focus();
  };

  const handleSubmit: SchemaForm<Values, Output>['handleSubmit'] = (onValid, onInvalid) =>
    form.handleSubmit(onValid, async (errors, event) => {
      await onInvalid?.(errors, event);
      focusFirstError();
    });

  const field: SchemaForm<Values, Output>['field'] = (name, fieldSchema) => {
    const registered = form.register(name, {
      // An error shown anywhere goes away (or changes) as soon as it is no longer true.
      onChange: () => {
        const stale = schemaErrorPaths(form.formState.errors);
        if (form.getFieldState(name).error && !stale.includes(name)) stale.push(name);
        if (stale.length) void form.trigger(stale as FieldPath<Values>[]);
      },
    });
    const ref = (control: HTMLElement | null) => {
      registered.ref(control);
      if (control) controls.current.set(control, name);
    };
    const maxLength = maxLengthOf(fieldSchema ?? shape?.[name]);
    const error = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
    return maxLength === undefined
      ? { ...registered, ref, error }
      : { ...registered, ref, error, maxLength };
  };

  const checkField: SchemaForm<Values, Output>['checkField'] = (name, fieldSchema) => {
    const result = fieldSchema.safeParse(form.getValues(name));
    if (result.success) {
      form.clearErrors(name);
      return result.data;
    }
    form.setError(name, { message: result.error.issues[0]?.message }, { shouldFocus: true });
    return undefined;
  };

  return {
    ...form,
    handleSubmit,
    field,
    checkField,
    refuse: (message) => form.setError('root.server', { message }),
    refusal: form.formState.errors.root?.server?.message,
  };
}

/**
 * The fields showing an error of the schema ('stock.M' for a nested one). Errors a screen set
 * itself (no `type`: "Please verify your email first", a server's refusal beside a size) and the
 * form-wide refusal stay until their own field changes or the form is sent.
 */
function schemaErrorPaths(errors: FieldErrors, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([key, value]) => {
    if ((!prefix && key === 'root') || !value || typeof value !== 'object') return [];
    const path = prefix + key;
    if ('message' in value) return typeof value.type === 'string' && value.type ? [path] : [];
    return schemaErrorPaths(value as FieldErrors, `${path}.`);
  });
}

/** The server's refusal of a whole form, above its fields, announced when it appears. */
export function FormRefusal({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      data-testid="form-refusal"
      className="border border-accent/40 bg-accent/5 px-4 py-3 text-sm"
    >
      {message}
    </p>
  );
}
