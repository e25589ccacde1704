import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, isAppError } from '../../lib/app-error';

interface MultipartLimits {
  /** Files accepted in one request; one more is refused with `tooManyFiles`. */
  maxFiles: number;
  maxFileBytes: number;
  messages: { tooManyFiles: string; fileTooLarge: string };
}

interface MultipartForm<T> {
  /** Text fields; a repeated field (sizes=S&sizes=M) becomes a list. */
  fields: Record<string, string | string[]>;
  files: T[];
}

const MULTIPART_MESSAGES = {
  notMultipart: 'Send this form as multipart/form-data',
  unreadable: 'The form could not be read: please send it again as multipart/form-data',
  fields: 'Too many or invalid form fields',
  cutShort: 'The upload was cut short',
} as const;

/**
 * What busboy throws for a body that is not the multipart it was declared to be: no boundary,
 * part headers or a closing boundary missing, data ending early. Plain Errors (TypeErrors for a
 * missing header) with no `code`; a file system error has one (and `syscall`) and stays a 500.
 */
function isMalformedForm(error: unknown): boolean {
  if (!(error instanceof Error) || 'syscall' in error || 'code' in error) return false;
  return /multipart|boundary|content-type|part header|unexpected end/i.test(error.message);
}

/** RFC 2046 §5.1.1: a boundary is 1 to 70 characters; busboy fails on long ones with a plain Error. */
const BOUNDARY_MAX_LENGTH = 70;

function boundaryOf(contentType: string | undefined): string | undefined {
  const match = /;\s*boundary=(?:"([^"]*)"|([^\s;]*))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2]) : undefined;
}

/** @fastify/multipart's and busboy's errors, turned into 400s that say what to change. */
function explain(error: unknown, limits: MultipartLimits): unknown {
  if (isAppError(error)) return error;
  if (isMalformedForm(error))
    return new AppError('invalid_data', MULTIPART_MESSAGES.unreadable, { cause: error });
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('invalid_data', limits.messages.fileTooLarge, { cause: error });
    case 'FST_FILES_LIMIT':
      return new AppError('invalid_data', limits.messages.tooManyFiles, { cause: error });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new AppError('invalid_data', MULTIPART_MESSAGES.fields, { cause: error });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('invalid_data', MULTIPART_MESSAGES.notMultipart, { cause: error });
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError('invalid_data', MULTIPART_MESSAGES.cutShort, { cause: error });
    default:
      return error;
  }
}

/**
 * Reads a whole multipart form. Every file is handed to `onFile`, which must consume its stream
 * (buffer it, or write it somewhere it can be removed from); `discard` is called with what
 * `onFile` returned when the form is refused later, so a refused upload leaves nothing behind.
 */
export async function readMultipartForm<T>(
  request: FastifyRequest,
  limits: MultipartLimits,
  onFile: (part: MultipartFile) => Promise<T>,
  discard: (files: T[]) => Promise<void> = async () => {},
): Promise<MultipartForm<T>> {
  const fields: Record<string, string | string[]> = {};
  const files: T[] = [];
  try {
    if (!request.isMultipart()) throw new AppError('invalid_data', MULTIPART_MESSAGES.notMultipart);
    if ((boundaryOf(request.headers['content-type'])?.length ?? 0) > BOUNDARY_MAX_LENGTH)
      throw new AppError('invalid_data', MULTIPART_MESSAGES.unreadable);
    const parts = request.parts({
      limits: {
        files: limits.maxFiles,
        fileSize: limits.maxFileBytes,
        fields: 30,
        fieldSize: 16 * 1024,
        parts: limits.maxFiles + 30,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        files.push(await onFile(part));
        continue;
      }
      const value = typeof part.value === 'string' ? part.value : String(part.value);
      const before = fields[part.fieldname];
      fields[part.fieldname] =
        before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
    }
    return { fields, files };
  } catch (error) {
    await discard(files);
    throw explain(error, limits);
  }
}
