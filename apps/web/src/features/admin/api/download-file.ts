import { ApiError, TRANSPORT_MESSAGES } from '@/lib/api-client';
import { getToken } from '@/lib/session';

/**
 * Saves a file the admin API answers (the GST report's CSV). The API wants the session in the
 * `token` header, which a plain link cannot send, so the file is fetched, held as a blob and
 * saved through a temporary link with `download`. A refusal is the API's JSON: its message is
 * thrown as an ApiError, for the caller to show.
 */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(path, { headers: token ? { token } : {} });
  } catch (cause) {
    throw new ApiError('network', TRANSPORT_MESSAGES.noResponse, { cause });
  }
  if (!res.ok) {
    let serverMessage: string | undefined;
    try {
      const body = (await res.json()) as { message?: unknown };
      if (typeof body.message === 'string') serverMessage = body.message;
    } catch {
      serverMessage = undefined;
    }
    throw new ApiError('http', serverMessage ?? TRANSPORT_MESSAGES.generic, {
      status: res.status,
      serverMessage,
    });
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
