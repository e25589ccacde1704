/**
 * Errors as the log may keep them (docs/decisions/093-errors-logs-and-request-bodies.md). A failed
 * query carries the values it was sent — a shopper's address, e-mail, phone — in drizzle's
 * message ("params: …"), in `params` on drizzle's and PGlite's errors, and in PostgreSQL's
 * `detail` ("Key (email)=(…) already exists"). The log keeps the query text, the SQLSTATE and the
 * names of the constraint, table and column; never a value.
 */

const MAX_DEPTH = 5;

/** Fields of a PostgreSQL error that name things, never hold values. */
const DATABASE_FIELDS = [
  'code',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
] as const;

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  code?: unknown;
  statusCode?: unknown;
  query?: string;
  cause?: LoggedError;
  [field: string]: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** drizzle's DrizzleQueryError (and PGlite's own errors): the query and its values side by side. */
function isQueryError(error: Record<string, unknown>): boolean {
  return typeof error.query === 'string' && 'params' in error;
}

/** A PostgreSQL server error (pg's DatabaseError, PGlite's): a SQLSTATE and a severity. */
function isDatabaseError(error: Record<string, unknown>): boolean {
  return (
    typeof error.code === 'string' &&
    /^[0-9A-Z]{5}$/.test(error.code) &&
    typeof error.severity === 'string'
  );
}

/** PostgreSQL quotes the offending value after a colon: `invalid input syntax for type uuid: "…"`. */
function withoutQuotedValues(message: string): string {
  return message.replace(/: "(?:[^"]|"")*"/g, ': "[redacted]"');
}

/** The stack's frames only: its first lines repeat the message, values included. */
function framesOf(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return frames.length > 0 ? frames.join('\n') : undefined;
}

function describe(error: unknown, depth: number): LoggedError {
  if (!isRecord(error)) {
    const message = String(error);
    return { type: typeof error, message, stack: message };
  }
  const type =
    (error instanceof Error ? error.constructor.name : undefined) ??
    (typeof error.name === 'string' ? error.name : 'Error');
  const rawMessage = typeof error.message === 'string' ? error.message : '';
  const logged: LoggedError = { type, message: rawMessage, stack: '' };
  if (isQueryError(error)) {
    const count = Array.isArray(error.params) ? error.params.length : 0;
    logged.query = error.query as string;
    logged.message = `Failed query (${count} parameter value${count === 1 ? '' : 's'} not logged)`;
  }
  if (isDatabaseError(error)) {
    logged.message = withoutQuotedValues(isQueryError(error) ? logged.message : rawMessage);
    for (const field of DATABASE_FIELDS)
      if (error[field] !== undefined) logged[field] = error[field];
  } else {
    if (error.code !== undefined) logged.code = error.code;
    if (error.statusCode !== undefined) logged.statusCode = error.statusCode;
  }
  const frames = framesOf(error.stack);
  logged.stack = `${logged.type}: ${logged.message}${frames ? `\n${frames}` : ''}`;
  if (error.cause !== undefined && depth < MAX_DEPTH)
    logged.cause = describe(error.cause, depth + 1);
  return logged;
}

/** pino's `err` serializer: what every `{ err }` in the app's log goes through. */
export function logSafeError(error: unknown): LoggedError {
  return describe(error, 0);
}
