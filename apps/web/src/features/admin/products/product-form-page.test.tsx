import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ADMIN_PRODUCT_MESSAGES } from '@vastra/shared/schemas/admin';
import { STOCK_MESSAGES } from '@vastra/shared/schemas/stock';
import { ApiError } from '@/lib/api-client';
import { setQueryData } from '@/lib/query';
import { answerCalls, sentTo, type ServerAnswer } from '@/test/api-answers';
import { makeAdminProduct, productReadAnswer } from '../admin-test-fixtures';
import { productKey } from '../admin-keys';
import { EditProductPage, NewProductPage } from './product-form-page';

vi.mock('@/lib/toast', () => ({ notify: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

const shirt = makeAdminProduct(
  { _id: 'p1', name: 'Linen Shirt' },
  { S: [12, 0], M: [5, 3], L: [0, 0] },
);
const chinos = makeAdminProduct(
  { _id: 'p2', name: 'Slim Chinos', category: 'PANTS', subCategory: 'SPYKAR' },
  { '28': [4, 1], '32': [9, 0] },
);

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/products/new" element={<NewProductPage />} />
        <Route path="/admin/products/:id" element={<EditProductPage />} />
        <Route path="/admin/products" element={<p>Products list</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The edit screen's loads (the shop's read, then the admin list) and its PATCH. */
function editServer(product: typeof shirt, patch: ServerAnswer) {
  return answerCalls((name, sent) => {
    const read = productReadAnswer(product, name);
    if (read) return read;
    if (name === 'admin.productUpdate') return patch(name, sent);
    throw new Error(`unexpected call ${name}`);
  });
}

const box = (size: string) => screen.getByLabelText(`Size ${size}`) as HTMLInputElement;
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const choose = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const errorOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

/**
 * A file that starts as a PNG does: jsdom draws no pictures, so the picker's check here is the
 * header (Chromium also decodes it: apps/web/e2e/admin-form-errors.spec.ts).
 */
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const pngFile = (name: string) => new File([new Uint8Array(PNG_HEAD)], name, { type: 'image/png' });

/** Picks files in the picker and waits for its check of each to end (kept or refused). */
async function pick(...files: File[]) {
  fireEvent.change(document.querySelector('input[type=file]')!, { target: { files } });
  for (const { name } of files)
    await waitFor(() =>
      expect(
        screen.queryByAltText(`Preview of ${name}`) ??
          screen.queryByText((text) => text.startsWith(`${name} is not a picture we can use`)),
      ).toBeTruthy(),
    );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('product form: stock on hand per size', () => {
  it('a new product: each chosen size gets a box at 0, checked with the API’s message, sent as JSON', async () => {
    const spy = answerCalls((name) => {
      if (name !== 'admin.productCreate') throw new Error(`unexpected call ${name}`);
      return { success: true, message: 'Product added', product: shirt };
    });
    renderAt('/admin/products/new');
    expect(screen.getByText('Choose the sizes first; each gets its own count.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('M'));
    fireEvent.click(screen.getByLabelText('32'));
    expect(box('M').value).toBe('0');
    expect(box('32').value).toBe('0');
    expect(screen.queryByLabelText('Size S')).toBeNull();

    type('Name', 'Linen Shirt');
    type('Description', 'Cool linen.');
    type('Price (₹)', '1299');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'SHIRTS' } });
    fireEvent.change(screen.getByLabelText('Brand'), { target: { value: 'SNITCH' } });
    for (const bad of ['-1', '2.5', 'ten', '100001', '']) {
      type('Size M', bad);
      fireEvent.blur(box('M'));
      await waitFor(() => expect(errorOf(box('M'))).toContain(STOCK_MESSAGES.onHand));
      expect(box('M').getAttribute('aria-invalid')).toBe('true');
    }
    type('Size M', '12');
    await waitFor(() => expect(box('M').getAttribute('aria-invalid')).toBeNull());
    type('Size 32', '100000');
    await pick(pngFile('shirt.png'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add product' })));

    await waitFor(() => expect(sentTo(spy, 'admin.productCreate')).toHaveLength(1));
    const form = sentTo(spy, 'admin.productCreate')[0]!.body as FormData;
    expect(form.getAll('sizes')).toEqual(['M', '32']);
    expect(JSON.parse(form.get('stock') as string)).toEqual({ M: 12, '32': 100000 });
  });

  it('editing: held and available beside each size; only the changed sizes are sent', async () => {
    const spy = editServer(shirt, () => ({
      success: true,
      message: ADMIN_PRODUCT_MESSAGES.updated,
      product: makeAdminProduct(
        { _id: 'p1', name: 'Linen Shirt' },
        { S: [12, 0], M: [5, 3], L: [7, 0] },
      ),
    }));
    renderAt('/admin/products/p1');
    await screen.findByRole('heading', { name: 'Edit product' });
    await waitFor(() => expect(box('S').value).toBe('12'));
    expect(box('M').value).toBe('5');
    expect(screen.getByTestId('stock-M-now').textContent).toBe('3 held · 2 available');
    expect(screen.getByTestId('stock-L-now').textContent).toBe('0 held · 0 available');
    // The hint is tied to its box for screen readers.
    expect(errorOf(box('M'))).toContain('3 held · 2 available');

    type('Size L', '7');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    await waitFor(() => expect(sentTo(spy, 'admin.productUpdate')).toHaveLength(1));
    expect(sentTo(spy, 'admin.productUpdate')[0]).toMatchObject({
      params: { id: 'p1' },
      body: { stock: { L: 7 } },
    });
    await waitFor(() =>
      expect(screen.getByTestId('stock-L-now').textContent).toBe('0 held · 7 available'),
    );
  });

  it('a belowHeld refusal shows its message beside that size, and the held counts load again', async () => {
    const refusal = STOCK_MESSAGES.belowHeld('28', 2);
    const spy = editServer(chinos, () => {
      throw new ApiError('http', refusal, { status: 409, serverMessage: refusal });
    });
    renderAt('/admin/products/p2');
    await waitFor(() => expect(box('28').value).toBe('4'));
    expect(screen.getByTestId('stock-28-now').textContent).toBe('1 held · 3 available');
    const loadsBefore = sentTo(spy, 'admin.productGet').length;

    type('Size 28', '1');
    type('Size 32', '8');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    await waitFor(() => expect(errorOf(box('28'))).toContain(refusal));
    expect(box('28').getAttribute('aria-invalid')).toBe('true');
    expect(box('32').getAttribute('aria-invalid')).toBeNull();
    expect(sentTo(spy, 'admin.productUpdate')[0]!.body).toEqual({ stock: { '28': 1, '32': 8 } });
    await waitFor(() => expect(sentTo(spy, 'admin.productGet').length).toBe(loadsBefore + 1));
    // What the owner typed stays, for them to change.
    expect(box('28').value).toBe('1');
  });

  it('opens at once on the product the list put in the cache', () => {
    editServer(shirt, () => ({}));
    setQueryData(productKey('p1'), shirt);
    renderAt('/admin/products/p1');
    expect(box('S').value).toBe('12');
  });

  it('a deleted product (the admin read answers it) is not opened for editing', async () => {
    editServer({ ...shirt, deletedAt: Date.UTC(2026, 10, 21) }, () => ({}));
    renderAt('/admin/products/p1');
    await screen.findByText('This product is not in the shop (it may have been deleted).');
    expect(screen.queryByLabelText('Size S')).toBeNull();
  });
});

describe('product form: MRP and HSN code', () => {
  it('a new product: the HSN code follows the category until typed; an MRP below the price is refused beside it', async () => {
    const spy = answerCalls((name) => {
      if (name !== 'admin.productCreate') throw new Error(`unexpected call ${name}`);
      return { success: true, message: 'Product added', product: shirt };
    });
    renderAt('/admin/products/new');
    expect(input('HSN code').value).toBe('');
    choose('Category', 'SHIRTS');
    expect(input('HSN code').value).toBe('620520');
    choose('Category', 'PANTS');
    expect(input('HSN code').value).toBe('620342');
    type('HSN code', '6203');
    choose('Category', 'T-SHIRTS');
    // Typed by the owner: it stays.
    expect(input('HSN code').value).toBe('6203');

    type('Name', 'Linen Shirt');
    type('Description', 'Cool linen.');
    type('Price (₹)', '1499');
    type('MRP (₹)', '999');
    choose('Brand', 'SNITCH');
    fireEvent.click(screen.getByLabelText('M'));
    await pick(pngFile('shirt.png'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add product' })));
    await waitFor(() =>
      expect(errorOf(input('MRP (₹)'))).toContain(ADMIN_PRODUCT_MESSAGES.mrpBelowPrice),
    );
    type('HSN code', '12345');
    fireEvent.blur(input('HSN code'));
    await waitFor(() => expect(errorOf(input('HSN code'))).toContain(ADMIN_PRODUCT_MESSAGES.hsn));
    expect(sentTo(spy, 'admin.productCreate')).toHaveLength(0);

    type('MRP (₹)', '2306');
    type('HSN code', '61091000');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add product' })));
    await waitFor(() => expect(sentTo(spy, 'admin.productCreate')).toHaveLength(1));
    const form = sentTo(spy, 'admin.productCreate')[0]!.body as FormData;
    expect(form.get('mrp')).toBe('2306');
    expect(form.get('hsn')).toBe('61091000');
  });

  it('a new product without an MRP sends none', async () => {
    const spy = answerCalls(() => ({ success: true, message: 'Product added', product: shirt }));
    renderAt('/admin/products/new');
    type('Name', 'Plain Tee');
    type('Description', 'Cotton.');
    type('Price (₹)', '799');
    choose('Category', 'T-SHIRTS');
    choose('Brand', 'SNITCH');
    fireEvent.click(screen.getByLabelText('M'));
    await pick(pngFile('tee.png'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add product' })));
    await waitFor(() => expect(sentTo(spy, 'admin.productCreate')).toHaveLength(1));
    const form = sentTo(spy, 'admin.productCreate')[0]!.body as FormData;
    expect(form.has('mrp')).toBe(false);
    expect(form.get('hsn')).toBe('610910');
  });

  it('editing: the stored MRP and HSN code show; blanking the MRP sends null', async () => {
    const priced = { ...shirt, price: 1499, mrp: 2306 };
    const spy = editServer(priced, () => ({
      success: true,
      message: ADMIN_PRODUCT_MESSAGES.updated,
      product: { ...priced, mrp: null },
    }));
    renderAt('/admin/products/p1');
    await waitFor(() => expect(input('MRP (₹)').value).toBe('2306'));
    expect(input('HSN code').value).toBe('620520');

    // A price above the stored MRP is refused here, before the server is asked.
    type('Price (₹)', '2499');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    await waitFor(() =>
      expect(errorOf(input('MRP (₹)'))).toContain(ADMIN_PRODUCT_MESSAGES.mrpBelowPrice),
    );
    expect(sentTo(spy, 'admin.productUpdate')).toHaveLength(0);

    type('Price (₹)', '1499');
    type('MRP (₹)', '');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    await waitFor(() => expect(sentTo(spy, 'admin.productUpdate')).toHaveLength(1));
    expect(sentTo(spy, 'admin.productUpdate')[0]!.body).toEqual({ mrp: null });
    await waitFor(() => expect(input('MRP (₹)').value).toBe(''));
  });
});

describe('product form: what is wrong, where (docs/decisions/140-inline-form-errors.md)', () => {
  const pickerAlert = () =>
    screen
      .getAllByRole('alert')
      .find((alert) => alert.closest('fieldset')?.querySelector('input[type=file]'));

  it('a text file named .png is refused when picked, by name; the good file of the pick is kept', async () => {
    renderAt('/admin/products/new');
    const text = new File(['Hello, this is not a picture'], 'shirt.png', { type: 'image/png' });
    await pick(pngFile('front.png'), text);

    expect(screen.getByAltText('Preview of front.png')).toBeTruthy();
    expect(screen.queryByAltText('Preview of shirt.png')).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(pickerAlert()?.textContent).toBe(
      'shirt.png is not a picture we can use: it is not a JPEG, PNG or WebP picture',
    );
    // The picker names the refusal for screen readers too.
    const picker = document.querySelector('input[type=file]')!.closest('fieldset')!;
    expect(picker.getAttribute('aria-describedby')).toContain(pickerAlert()!.id);
  });

  it('an empty form: "Please choose a brand" and "Please choose a category", no codes', async () => {
    answerCalls(() => {
      throw new Error('nothing may be sent');
    });
    renderAt('/admin/products/new');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add product' })));
    await waitFor(() =>
      expect(errorOf(screen.getByLabelText('Brand'))).toBe('Please choose a brand'),
    );
    expect(errorOf(screen.getByLabelText('Category'))).toBe('Please choose a category');
    expect(document.body.textContent).not.toMatch(/USPOLO|must be one of/);
    expect(screen.getByText(ADMIN_PRODUCT_MESSAGES.noImage)).toBeTruthy();

    // Each goes as soon as its field is put right.
    choose('Brand', 'SNITCH');
    await waitFor(() =>
      expect(screen.getByLabelText('Brand').getAttribute('aria-invalid')).toBeNull(),
    );
    choose('Category', 'SHIRTS');
    await waitFor(() =>
      expect(screen.getByLabelText('Category').getAttribute('aria-invalid')).toBeNull(),
    );
    await pick(pngFile('front.png'));
    expect(screen.queryByText(ADMIN_PRODUCT_MESSAGES.noImage)).toBeNull();
  });

  it('an MRP error goes when the price it was measured against is put right', async () => {
    renderAt('/admin/products/new');
    type('Price (₹)', '1499');
    type('MRP (₹)', '999');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add product' })));
    await waitFor(() =>
      expect(errorOf(input('MRP (₹)'))).toContain(ADMIN_PRODUCT_MESSAGES.mrpBelowPrice),
    );
    // The price, not the MRP, is changed: the MRP's error is no longer true.
    type('Price (₹)', '899');
    await waitFor(() => expect(input('MRP (₹)').getAttribute('aria-invalid')).toBeNull());
    expect(screen.queryByText(ADMIN_PRODUCT_MESSAGES.mrpBelowPrice)).toBeNull();
    // Errors of fields still wrong stay.
    expect(errorOf(input('Name'))).toContain('Please enter the product name');
  });
});
