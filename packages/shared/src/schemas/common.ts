import { z } from 'zod';

/** Every failure the API gives: the storefront shows `message` as it is. */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** An answer whose shape the product description leaves open (docs/architecture.md §3). */
export const okResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
});

// ── Plain wording for every check (docs/decisions/092-text-input-and-plain-refusals.md) ─────

/** What a value of each type is, in words: "email: must be text". */
const MUST_BE: Record<string, string> = {
  string: 'must be text',
  number: 'must be a number',
  int: 'must be a whole number',
  bigint: 'must be a whole number',
  boolean: 'must be true or false',
  array: 'must be a list',
  object: 'must be a group of fields',
  date: 'must be a date',
  null: 'must be left out',
};

/** A value quoted back to the sender, short and on one line. */
function quote(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return (text ?? String(value)).replace(/[^\x20-\x7e]/g, '?').slice(0, 40);
}

function list(values: readonly unknown[]): string {
  const shown = values.slice(0, 10).map(quote).join(', ');
  return values.length > 10 ? `${shown}, …` : shown;
}

type Issue = z.core.$ZodRawIssue;

/**
 * A check's failure as a fragment that follows the field's name ("quantity: must be a whole
 * number"); the API puts the name in front. Never zod's own "Invalid input: expected …".
 */
function fieldWording(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return MUST_BE[issue.expected] ?? 'has the wrong type';
    case 'too_small': {
      const min = Number(issue.minimum);
      const exact = issue.exact ? 'exactly' : 'at least';
      if (issue.origin === 'string')
        return min <= 1 && !issue.exact
          ? 'must not be empty'
          : `must be ${exact} ${min} characters long`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `must have ${exact} ${min} item${min === 1 ? '' : 's'}`;
      return issue.inclusive ? `must be at least ${min}` : `must be more than ${min}`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      const exact = issue.exact ? 'exactly' : 'at most';
      if (issue.origin === 'string') return `must be ${exact} ${max} characters long`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `must have ${exact} ${max} item${max === 1 ? '' : 's'}`;
      if (issue.origin === 'file') return `must be at most ${max} bytes`;
      return issue.inclusive ? `must be at most ${max}` : `must be less than ${max}`;
    }
    case 'invalid_format':
      switch (issue.format) {
        case 'email':
          return 'must be a valid email address';
        case 'url':
          return 'must be a web address';
        case 'uuid':
        case 'guid':
          return 'is not a valid id';
        default:
          return 'is not in the right format';
      }
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${quote(issue.values[0])}`
        : `must be one of: ${list(issue.values)}`;
    case 'unrecognized_keys':
      return `has fields that are not allowed: ${list(issue.keys)}`;
    case 'invalid_key':
      return 'has a name that is not allowed';
    case 'invalid_element':
      return 'has an entry that is not allowed';
    default:
      return 'is not valid';
  }
}

/** A failure of the whole payload: a sentence of its own, as there is no field to name. */
function payloadWording(issue: Issue): string {
  if (issue.code === 'invalid_type')
    return issue.input === undefined || issue.input === null
      ? 'Please send the details of this request'
      : 'Please send the details as a JSON object';
  if (issue.code === 'unrecognized_keys')
    return `Please leave out the fields that are not allowed: ${list(issue.keys)}`;
  return `The details sent ${fieldWording(issue)}`;
}

/** The default wording of every schema, shared by the API's refusals and the storefront's forms. */
export function plainIssueMessage(issue: Issue): string {
  return issue.path && issue.path.length > 0 ? fieldWording(issue) : payloadWording(issue);
}

// Schema-level messages (`{ error: '…' }`) still win; this replaces zod's English defaults only.
z.config({ customError: plainIssueMessage });

// ── Text ──────────────────────────────────────────────────────────────────────────────────────

export const TEXT_NOT_ALLOWED = 'contains characters that are not allowed';

/**
 * Whether a string can be stored and shown as it is: no NUL and no UTF-16 surrogate without its
 * pair (PostgreSQL refuses both). A loop, not a regex: lookbehind is too new for some phones.
 */
export function isStorableText(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const unit = value.charCodeAt(i);
    if (unit === 0) return false;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i += 1;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) return false;
  }
  return true;
}

/**
 * Every string a client sends starts here: `text({ error: 'Please enter your city' }).trim()…`.
 * A NUL or a lone surrogate is refused first ("street: contains characters that are not
 * allowed"), and no later check or transform runs on it.
 */
export function text(params?: { error?: string }) {
  return z.string(params).refine(isStorableText, { message: TEXT_NOT_ALLOWED, abort: true });
}

/** Our ids are UUIDs; anything else is refused before it reaches the database. */
export const idSchema = z.uuid({ message: 'Invalid id' });

/**
 * The body of a call that takes none (`POST /api/order/ordercount`, `/api/cart/get`…): nothing,
 * `null` or `{}` alike; fields sent anyway are ignored.
 */
export const emptyBodySchema = z.object({}).loose().nullish();
