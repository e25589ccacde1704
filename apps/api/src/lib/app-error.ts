/**
 * The one error type that domain code throws. Its `type` comes from a closed list, and
 * `httpStatusOf` is the only place that turns a type into an HTTP status (docs/architecture.md §7, habit 4).
 */
const APP_ERROR_TYPES = [
  'invalid_data',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'payment_error',
  'too_many_requests',
  'unavailable',
  'unexpected',
] as const;
type AppErrorType = (typeof APP_ERROR_TYPES)[number];

const STATUS: Record<AppErrorType, number> = {
  invalid_data: 400,
  unauthorized: 401,
  payment_error: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  too_many_requests: 429,
  unexpected: 500,
  unavailable: 503,
};

export function httpStatusOf(type: AppErrorType): number {
  return STATUS[type];
}

/** What a client may see of a 5xx: never the internal message. */
export const GENERIC_SERVER_MESSAGE = 'Something went wrong';

export class AppError extends Error {
  readonly type: AppErrorType;
  readonly statusCode: number;

  constructor(type: AppErrorType, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AppError';
    this.type = type;
    this.statusCode = httpStatusOf(type);
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** Maps an HTTP status that did not come from an AppError (Fastify's own errors) onto the list. */
export function typeOfStatus(status: number): AppErrorType {
  for (const type of APP_ERROR_TYPES) if (STATUS[type] === status) return type;
  if (status >= 500) return 'unexpected';
  return 'invalid_data';
}
