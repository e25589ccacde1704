import { REQUEST_TIMEOUT_MS } from '@vastra/shared/constants';
import { documentFileName } from '@vastra/shared/tax/document-number';
import { ApiError, TRANSPORT_MESSAGES } from '@/lib/api-client';
import { getMe } from '@/lib/me';
import { getToken } from '@/lib/session';

/**
 * Files the API answers — a tax document's PDF, the GST report's CSV — fetched as the API client
 * fetches JSON (docs/decisions/127-invoice-downloads.md): the session's `token` header (a plain
 * link cannot send it), the same timeout, and failures as the client's `ApiError`s, so
 * `toastApiError` shows them the same way; then handed to the browser's downloads. The client
 * itself only reads JSON answers and lives in the home route's chunk, which has no room for a
 * second reader; this file loads with the screens that download.
 */

function messageOf(text: string): string | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null && 'message' in body) {
      const { message } = body as { message: unknown };
      if (typeof message === 'string' && message.trim() !== '') return message;
    }
  } catch {
    // Not JSON (a proxy's error page): the generic words.
  }
  return undefined;
}

/**
 * The session ended while the page was open. The client's own call hears the same 401 and does
 * what an expired session means everywhere (the token and cart cleared, the toast, /login), so
 * that stays in one place.
 */
async function sessionOver(): Promise<ApiError> {
  try {
    await getMe();
  } catch (error) {
    if (error instanceof ApiError && error.handled) return error;
  }
  return new ApiError('http', TRANSPORT_MESSAGES.generic, { status: 401 });
}

/** GET `path` and answer the file, which must be of `type` (`application/pdf`). Rejects with an `ApiError`. */
async function fetchFile(path: string, type: string, signal?: AbortSignal): Promise<Blob> {
  const token = getToken();
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  let res: Response;
  let file: Blob | undefined;
  let text = '';
  try {
    const headers = new Headers({ Accept: type });
    if (token) headers.set('token', token);
    res = await fetch(new URL(path, window.location.origin), {
      headers,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (res.ok) file = await res.blob();
    else text = await res.text();
  } catch (cause) {
    if (signal?.aborted) throw new ApiError('aborted', 'Request cancelled', { cause });
    throw new ApiError('network', TRANSPORT_MESSAGES.noResponse, { cause });
  }
  if (res.status === 401 && token) throw await sessionOver();
  if (!file) {
    const serverMessage = messageOf(text);
    throw new ApiError('http', serverMessage ?? TRANSPORT_MESSAGES.generic, {
      status: res.status,
      serverMessage,
    });
  }
  if (!(res.headers.get('content-type') ?? '').startsWith(type))
    throw new ApiError('invalid_response', TRANSPORT_MESSAGES.invalidResponse, {
      status: res.status,
    });
  return file;
}

/** Hands `file` to the browser's downloads under `fileName`. */
function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; give the browser a moment before freeing it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Fetches `path` (a file of `type`) and saves it as `fileName`. */
export async function downloadFile(path: string, type: string, fileName: string): Promise<void> {
  saveFile(await fetchFile(path, type), fileName);
}

/** Fetches a tax document's PDF and saves it under its number. */
export function downloadDocument(doc: { number: string; pdfUrl: string }): Promise<void> {
  return downloadFile(doc.pdfUrl, 'application/pdf', documentFileName(doc.number));
}
