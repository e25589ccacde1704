import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { TAX_DOCUMENT_MESSAGES } from '@vastra/shared/schemas/tax-documents';
import { TRANSPORT_MESSAGES } from '@/lib/api-client';
import { clearToken, getToken, setToken } from '@/lib/session';
import { notify } from '@/lib/toast';
import { makeTaxDocuments } from './tax-document-fixtures';
import { TaxDocumentList } from './tax-document-list';

vi.mock('@/lib/toast', () => ({ notify: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

const ORDER = '0b9f3c1e-1d2a-4c3b-9e8f-123456789abc';
const [invoice, creditNote] = makeTaxDocuments(ORDER);
/** The page gives its own date format; any will do here. */
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const PDF_BYTES = '%PDF-1.7 a tax invoice';

/** The network: what each request asked for, answered by `answer` (a Response, or a throw). */
function network(answer: (request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      requests.push(request);
      return answer(request);
    }),
  );
  return requests;
}

const pdf = () =>
  new Response(PDF_BYTES, {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': 'attachment; filename="VS-26-27-000123.pdf"',
    },
  });
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** What the page handed to the browser's downloads: the file name and the file's text. */
function downloads() {
  const saved: { name: string; href: string }[] = [];
  const files = new Map<string, Blob>();
  let n = 0;
  // jsdom has no object URLs and does not download: record both instead.
  URL.createObjectURL = (file: Blob) => {
    const url = `blob:test/${++n}`;
    files.set(url, file);
    return url;
  };
  URL.revokeObjectURL = (url: string) => void files.delete(url);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, href: this.href });
  });
  return { saved, text: (href: string) => files.get(href)!.text() };
}

beforeEach(() => setToken('t0k3n'));
afterEach(() => {
  cleanup();
  clearToken();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(notify.error).mockClear();
});

describe('<TaxDocumentList>', () => {
  it('lists the invoice and each credit note: number, date, amount, its invoice, a download', () => {
    render(
      <TaxDocumentList formatDate={isoDay} pending={null} documents={[invoice, creditNote]} />,
    );
    const [first, second] = screen.getAllByTestId('tax-document');
    expect(first!.textContent).toBe(
      'Tax invoice VS/26-27/0001232026-11-24 · ₹2,547Download PDF of Tax invoice VS/26-27/000123',
    );
    expect(second!.textContent).toBe(
      'Credit note CN/26-27/000004Against VS/26-27/000123 · 2026-11-25 · ₹1,299.50Download PDF of Credit note CN/26-27/000004',
    );
    expect(
      screen.getByRole('button', { name: 'Download PDF of Credit note CN/26-27/000004' }),
    ).toBeTruthy();
  });

  it('Download fetches the document’s URL with the session’s token and saves it under its number', async () => {
    let release: () => void = () => {};
    const requests = network(
      () => new Promise<Response>((resolve) => (release = () => resolve(pdf()))),
    );
    const saved = downloads();
    render(
      <TaxDocumentList formatDate={isoDay} pending={null} documents={[invoice, creditNote]} />,
    );
    const button = screen.getByRole('button', { name: /Tax invoice VS\/26-27\/000123/ });
    // A double click: one download.
    fireEvent.click(button);
    fireEvent.click(button);

    // Busy while the PDF comes: the button says so, and a second press asks nothing more.
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(button.textContent).toMatch(/^Downloading…/);
    expect(button.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(button);
    expect(requests).toHaveLength(1);

    const [request] = requests;
    expect(request!.method).toBe('GET');
    expect(request!.url).toBe(
      `${window.location.origin}/api/order/${ORDER}/documents/${invoice._id}`,
    );
    expect(request!.headers.get('token')).toBe('t0k3n');

    release();
    await waitFor(() => expect(saved.saved).toHaveLength(1));
    expect(saved.saved[0]!.name).toBe('VS-26-27-000123.pdf');
    expect(await saved.text(saved.saved[0]!.href)).toBe(PDF_BYTES);
    await waitFor(() => expect(button.textContent).toMatch(/^Download PDF/));
    expect(button.getAttribute('aria-busy')).toBe('false');
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('a refusal is a toast in the API’s words, and nothing is saved', async () => {
    network(() => json(404, { success: false, message: TAX_DOCUMENT_MESSAGES.notFound }));
    const saved = downloads();
    render(
      <TaxDocumentList formatDate={isoDay} pending={null} documents={[invoice, creditNote]} />,
    );
    const button = screen.getByRole('button', { name: /Credit note CN\/26-27\/000004/ });
    fireEvent.click(button);
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(TAX_DOCUMENT_MESSAGES.notFound));
    expect(saved.saved).toEqual([]);
    await waitFor(() => expect(button.textContent).toMatch(/^Download PDF/));
  });

  it('no answer: the client’s words for a dropped connection; an answer that is not a PDF: its words', async () => {
    network(() => Promise.reject(new TypeError('Failed to fetch')));
    downloads();
    render(<TaxDocumentList formatDate={isoDay} pending={null} documents={[invoice]} />);
    fireEvent.click(screen.getByRole('button'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(TRANSPORT_MESSAGES.noResponse));

    vi.unstubAllGlobals();
    network(() => new Response('<html>proxy</html>', { headers: { 'content-type': 'text/html' } }));
    fireEvent.click(screen.getByRole('button'));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(TRANSPORT_MESSAGES.invalidResponse),
    );
  });

  it('an expired session ends the session as every call does: one toast, the token gone', async () => {
    const requests = network(() => json(401, { success: false, message: 'Not Authorized' }));
    const saved = downloads();
    render(<TaxDocumentList formatDate={isoDay} pending={null} documents={[invoice]} />);
    fireEvent.click(screen.getByRole('button'));
    await waitFor(() => expect(getToken()).toBeNull());
    // The PDF's 401, then the client's own call, which hears the same and does the rest.
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual([
      `/api/order/${ORDER}/documents/${invoice._id}`,
      '/api/user/me',
    ]);
    await waitFor(() => expect(screen.getByRole('button').textContent).toMatch(/^Download PDF/));
    expect(vi.mocked(notify.error).mock.calls).toEqual([[TRANSPORT_MESSAGES.sessionExpired]]);
    expect(saved.saved).toEqual([]);
  });
});
