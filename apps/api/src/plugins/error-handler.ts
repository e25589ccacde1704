import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { ErrorResponse } from '@vastra/shared/schemas/common';
// Installs the shared schemas' plain wording (z.config) for every schema, the API's own included.
import '@vastra/shared/schemas/common';
import { AppError, GENERIC_SERVER_MESSAGE, isAppError, typeOfStatus } from '../lib/app-error';

interface ValidationIssue {
  instancePath: string;
  message?: string;
}

/**
 * "quantity: must be a whole number" — the field is named in front of a fragment worded by the
 * shared schemas' default (docs/decisions/092). A message written for the shopper — one that
 * starts with a capital ('Please choose a size', 'We could not find this order') or already names
 * its field ('search is too long') — is passed through untouched, and so is one about the whole
 * payload ('Please send the order details').
 */
export function describeValidationIssue(issue: ValidationIssue): string {
  const segments = issue.instancePath.split('/').filter(Boolean);
  const field = segments.join('.');
  const message = issue.message ?? 'is not valid';
  if (!field || /^[A-Z]/.test(message)) return message;
  // The field's own name: `/items/0` is about `items`.
  const last = segments.filter((segment) => !/^\d+$/.test(segment)).at(-1);
  if (
    last &&
    new RegExp(`\\b${last.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(message)
  ) {
    return message;
  }
  return `${field}: ${message}`;
}

/** The same for a zod issue met outside route validation (a multipart form's fields). */
export function describeZodIssue(issue: { path: readonly PropertyKey[]; message: string }): string {
  return describeValidationIssue({
    instancePath: issue.path.map((key) => `/${String(key)}`).join(''),
    message: issue.message,
  });
}

/** Turns anything thrown into an AppError-shaped answer: status plus a message safe to show. */
function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const message = first ? describeValidationIssue(first) : 'Please check the details sent';
    return new AppError('invalid_data', message, { cause: error });
  }
  if (isResponseSerializationError(error as FastifyError)) {
    return new AppError('unexpected', 'Response does not match its schema', { cause: error });
  }
  const fastifyError = error as Partial<FastifyError>;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large', 'Request body is too large', { cause: error });
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('invalid_data', 'Request body is not valid JSON', { cause: error });
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('invalid_data', 'Request body is empty but declared as JSON', {
        cause: error,
      });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return Object.assign(
        new AppError('invalid_data', 'Please send the details as JSON (application/json)', {
          cause: error,
        }),
        { statusCode: 415 },
      );
    default:
      break;
  }
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return new AppError('invalid_data', 'Request body is not valid JSON', { cause: error });
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Fastify's own client errors (unsupported media type, bad header…) carry safe messages.
    const appError = new AppError(typeOfStatus(status), fastifyError.message ?? 'Bad request', {
      cause: error,
    });
    return Object.assign(appError, { statusCode: status });
  }
  return new AppError('unexpected', GENERIC_SERVER_MESSAGE, { cause: error });
}

/**
 * What a client may read of a failure: every 4xx message, and an 'unavailable' (503) AppError's,
 * which we write for shoppers ('We could not send the email…'); any other 5xx is hidden.
 */
function publicMessage(appError: AppError): string {
  if (appError.statusCode < 500 || appError.type === 'unavailable') return appError.message;
  return GENERIC_SERVER_MESSAGE;
}

/** The one error handler: `{ success: false, message }`, unexpected messages hidden, 4xx never logged as errors. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    const status = appError.statusCode;
    const message = publicMessage(appError);
    if (status >= 500) {
      // The app's logger serializes `err` without query values (lib/log-safe-error.ts).
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info(
        { status, type: appError.type, reason: appError.message },
        'request refused',
      );
    }
    const body: ErrorResponse = { success: false, message };
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });
}

/**
 * Fastify's `frameworkErrors`: an address the router cannot take (bad percent-encoding, a
 * parameter over `maxParamLength`) is refused before any route or hook runs, so the error handler
 * above never sees it; answer it in the same shape.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  request.log.info({ status: 400, code: error.code }, 'request refused');
  const body: ErrorResponse = { success: false, message: 'Invalid address' };
  void reply.code(400).type('application/json; charset=utf-8').send(body);
}

const CLIENT_ERRORS: Record<string, { status: number; reason: string; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    message: 'Request timed out',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    message: 'Request headers are too large',
  },
};

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the request (a content-length that
 * does not match the body, both content-length and chunked framing…), so there is no request or
 * reply object, only the socket. Write the JSON answer by hand and close the connection: after a
 * framing error nothing more on it can be trusted.
 */
export function answerClientError(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
  const { status, reason, message } = known ?? {
    status: 400,
    reason: 'Bad Request',
    message: 'Bad request',
  };
  this.log.info({ status, code: error.code }, 'request refused');
  if (socket.writable) {
    const body = JSON.stringify({ success: false, message } satisfies ErrorResponse);
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}
