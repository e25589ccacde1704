import { describe, expect, it } from 'vitest';
import {
  ADDRESS_BOOK_MAX,
  ADDRESS_BOOK_MESSAGES,
  type SavedAddress,
} from '@vastra/shared/schemas/address-book';
import { DELIVERY_MESSAGES } from '@vastra/shared/schemas/delivery';
import { ADDRESS_MESSAGES } from '@vastra/shared/schemas/order';
import { savedAddresses } from '../../db/schema/shopper-lists';
import { ADDRESS, loggedInShopper } from '../../test/fixtures';
import { useTestApp } from '../../test/use-test-app';

const t = useTestApp();

type Book = {
  status: number;
  body: { success: boolean; message?: string; addresses?: SavedAddress[]; address?: SavedAddress };
};

async function call(
  token: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
): Promise<Book> {
  const res = await t.app.inject({
    method,
    url,
    headers: token ? { token } : {},
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

const home = { ...ADDRESS, label: 'Home' };
const office = {
  ...ADDRESS,
  label: 'Office',
  street: '9 Connaught Place',
  city: 'New Delhi',
  state: 'Delhi',
  zipcode: '110001',
};

describe('the address book', () => {
  it('keeps addresses, the first as the default, and lets another become it', async () => {
    const { token } = await loggedInShopper(t.app, t.db, 'book');
    const first = await call(token, 'POST', '/api/addresses', home);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      message: ADDRESS_BOOK_MESSAGES.saved,
      address: { label: 'Home', isDefault: true, country: 'India' },
    });

    const second = await call(token, 'POST', '/api/addresses', {
      ...office,
      phone: '+91 98765 43210',
    });
    expect(second.body.address).toMatchObject({
      label: 'Office',
      isDefault: false,
      phone: '9876543210',
    });
    expect(second.body.addresses!.map((a) => a.label)).toEqual(['Home', 'Office']);

    const switched = await call(
      token,
      'POST',
      `/api/addresses/${second.body.address!._id}/default`,
    );
    expect(switched.body.addresses!.map((a) => [a.label, a.isDefault])).toEqual([
      ['Office', true],
      ['Home', false],
    ]);

    const edited = await call(token, 'PUT', `/api/addresses/${first.body.address!._id}`, {
      ...home,
      street: '2 MG Road',
    });
    expect(edited.body.address).toMatchObject({ street: '2 MG Road', isDefault: false });

    // Deleting the default hands it to the oldest address left.
    const left = await call(token, 'DELETE', `/api/addresses/${second.body.address!._id}`);
    expect(left.body.addresses!.map((a) => [a.label, a.isDefault])).toEqual([['Home', true]]);
  });

  it('refuses bad fields with the checkout’s messages, and a PIN code India Post does not know', async () => {
    const { token } = await loggedInShopper(t.app, t.db, 'book-bad');
    const cases: [object, number, string][] = [
      [{ ...home, phone: '12345' }, 400, ADDRESS_MESSAGES.phone],
      [{ ...home, zipcode: '0110001' }, 400, ADDRESS_MESSAGES.zipcode],
      [{ ...home, zipcode: '123456' }, 400, DELIVERY_MESSAGES.unknownPin],
      [{ ...home, label: 'x'.repeat(31) }, 400, ADDRESS_BOOK_MESSAGES.label],
    ];
    for (const [payload, status, message] of cases) {
      const res = await call(token, 'POST', '/api/addresses', payload);
      expect([res.status, res.body.message]).toEqual([status, message]);
    }
    expect(await t.db.select().from(savedAddresses)).toEqual([]);
  });

  it('keeps at most 20, and never shows or changes another shopper’s', async () => {
    const asha = await loggedInShopper(t.app, t.db, 'book-full');
    const ravi = await loggedInShopper(t.app, t.db, 'book-other');
    await t.db.insert(savedAddresses).values(
      Array.from({ length: ADDRESS_BOOK_MAX }, (_, i) => ({
        userId: asha.userId,
        label: `No. ${i + 1}`,
        firstName: 'Asha',
        lastName: 'Rao',
        email: 'asha@example.com',
        street: `${i + 1} MG Road`,
        city: 'Bengaluru',
        state: 'Karnataka',
        zipcode: '560001',
        phone: '9876543210',
        isDefault: i === 0,
      })),
    );
    const full = await call(asha.token, 'POST', '/api/addresses', home);
    expect([full.status, full.body.message]).toEqual([409, ADDRESS_BOOK_MESSAGES.full]);

    const ashas = (await call(asha.token, 'GET', '/api/addresses')).body.addresses!;
    expect(ashas).toHaveLength(ADDRESS_BOOK_MAX);
    expect((await call(ravi.token, 'GET', '/api/addresses')).body.addresses).toEqual([]);
    const id = ashas[0]!._id;
    for (const [method, url, payload] of [
      ['PUT', `/api/addresses/${id}`, home],
      ['DELETE', `/api/addresses/${id}`, undefined],
      ['POST', `/api/addresses/${id}/default`, undefined],
    ] as const) {
      const res = await call(ravi.token, method, url, payload);
      expect([res.status, res.body.message]).toEqual([404, ADDRESS_BOOK_MESSAGES.notFound]);
    }
    expect((await call(asha.token, 'GET', '/api/addresses')).body.addresses).toEqual(ashas);
    expect((await call(null, 'GET', '/api/addresses')).status).toBe(401);
  });
});
