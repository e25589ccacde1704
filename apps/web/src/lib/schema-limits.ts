/**
 * The longest text a shared zod schema accepts, for an input's `maxLength`, so the limit is
 * written once, in the schema (docs/decisions/107-storefront-forms.md). Reads zod's own
 * description of the schema (`_zod.def`): through pipes, optional and default wrappers, the
 * smallest `max` check; undefined when there is none (an enum, a number, a free-form regex).
 */
interface SchemaDef {
  type: string;
  in?: unknown;
  innerType?: unknown;
  checks?: readonly { _zod: { def: { check: string; maximum?: unknown } } }[];
}

export function maxLengthOf(schema: unknown): number | undefined {
  const def = (schema as { _zod?: { def?: SchemaDef } } | undefined)?._zod?.def;
  if (!def) return undefined;
  if (def.type === 'pipe') return maxLengthOf(def.in);
  if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable')
    return maxLengthOf(def.innerType);
  const limits = (def.checks ?? [])
    .map((check) => check._zod.def)
    .filter((check) => check.check === 'max_length' && typeof check.maximum === 'number')
    .map((check) => check.maximum as number);
  return limits.length > 0 ? Math.min(...limits) : undefined;
}
