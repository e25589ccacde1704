import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_ZONES } from '@vastra/shared/delivery/delivery-zones';
import { DELIVERY_MESSAGES, type DeliverySettings } from '@vastra/shared/schemas/delivery';
import { ORDER_MESSAGES } from '@vastra/shared/schemas/order';
import { orders } from '../../db/schema/orders';
import { manualClock } from '../../lib/clock';
import { ADDRESS, fillCart, loggedInAdmin, loggedInShopper } from '../../test/fixtures';
import { useTestApp } from '../../test/use-test-app';
import { readDeliverySettings, replaceDeliverySettings } from './delivery.repository';

// Tuesday 24 November 2026, 10:00 in India.
const clock = manualClock(Date.UTC(2026, 10, 24, 4, 30));
const t = useTestApp({ deps: { clock } });

const SEEDED: DeliverySettings = {
  zones: [...DEFAULT_DELIVERY_ZONES],
  holidays: [],
};

// The settings are the migration's rows; a test that edits them puts them back.
let seeded: DeliverySettings | undefined;
afterEach(async () => {
  if (seeded) await replaceDeliverySettings(t.db, seeded);
  seeded = undefined;
});
async function editSettings(settings: DeliverySettings) {
  seeded ??= await readDeliverySettings(t.db);
  await replaceDeliverySettings(t.db, settings);
}

async function check(pin: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/delivery/${pin}` });
  return { status: res.statusCode, body: res.json() };
}

/** Monday 30 November 2026 … in India, as ms: what the promise's dates are compared with. */
const indianDay = (ms: number) => new Date(ms + 330 * 60_000).toISOString().slice(0, 10);

describe('the delivery check by PIN code', () => {
  it('answers where a PIN code is, that it is served with cash on delivery, and by when', async () => {
    const { status, body } = await check('110001');
    expect(status).toBe(200);
    expect(body.check).toMatchObject({
      pin: '110001',
      district: 'New Delhi',
      state: 'Delhi',
      serviceable: true,
      cashOnDelivery: true,
    });
    // Placed on Tuesday: 1 + 3 business days at the earliest, 2 + 7 at the latest (Sunday skipped).
    expect(indianDay(body.check.deliverBy.from)).toBe('2026-11-28');
    expect(indianDay(body.check.deliverBy.to)).toBe('2026-12-04');
  });

  it('adds the remote regions’ days and offers no cash on delivery on the islands', async () => {
    const guwahati = (await check('781001')).body.check;
    expect(guwahati).toMatchObject({ state: 'Assam', serviceable: true, cashOnDelivery: true });
    expect(indianDay(guwahati.deliverBy.from)).toBe('2026-12-01'); // two business days more
    const portBlair = (await check('744101')).body.check;
    expect(portBlair).toMatchObject({
      state: 'Andaman and Nicobar Islands',
      serviceable: true,
      cashOnDelivery: false,
    });
    expect((await check('194101')).body.check).toMatchObject({
      state: 'Ladakh',
      cashOnDelivery: false,
    });
  });

  it('counts the shop’s holidays like Sundays', async () => {
    await editSettings({ ...SEEDED, holidays: [{ day: '2026-11-26', name: 'Stock taking' }] });
    const { body } = await check('110001');
    expect(indianDay(body.check.deliverBy.from)).toBe('2026-11-30');
  });

  it('says when the shop does not deliver to a PIN code, and refuses unknown and malformed ones', async () => {
    await editSettings({
      ...SEEDED,
      zones: [
        ...SEEDED.zones,
        {
          pinFrom: '744000',
          pinTo: '744999',
          label: 'Islands (paused)',
          serviceable: false,
          cashOnDelivery: false,
          extraDays: 0,
        },
      ],
    });
    // Two ranges of the same width: the more cautious one decides.
    expect((await check('744101')).body.check).toMatchObject({
      serviceable: false,
      cashOnDelivery: false,
      deliverBy: null,
    });
    expect(await check('123456')).toEqual({
      status: 404,
      body: { success: false, message: DELIVERY_MESSAGES.unknownPin },
    });
    const malformed = await check('01234');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(DELIVERY_MESSAGES.pin);
  });
});

describe('checkout and the delivery rules', () => {
  async function placeCod(zipcode: string) {
    const shopper = await loggedInShopper(t.app, t.db, 'delivery');
    await fillCart(t.db, shopper.userId, [[999, 1]]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order/place',
      headers: { token: shopper.token },
      payload: { address: { ...ADDRESS, zipcode } },
    });
    return { status: res.statusCode, body: res.json(), token: shopper.token };
  }

  it('places a cash-on-delivery order to a served PIN code', async () => {
    const placed = await placeCod('110001');
    expect(placed.body).toMatchObject({ success: true, message: ORDER_MESSAGES.placed });
  });

  it('keeps the promise made at checkout on the order page: the region’s days and the holidays', async () => {
    await editSettings({ ...SEEDED, holidays: [{ day: '2026-11-26', name: 'Stock taking' }] });
    const promised = (await check('781001')).body.check.deliverBy;
    const placed = await placeCod('781001');
    expect(placed.status).toBe(200);
    // The holiday is cancelled afterwards: the order keeps what it was promised.
    await editSettings(SEEDED);
    const [row] = await t.db.select().from(orders);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/order/${row!.id}`,
      headers: { token: placed.token },
    });
    const window = res.json().order.expectedDelivery;
    expect(window).toEqual(promised);
    // Guwahati's two extra days and the holiday: not Friday 27 November's Sunday-only count.
    expect(indianDay(window.from)).toBe('2026-12-02');
  });

  it('refuses cash on delivery where it is not offered, an unserved and an unknown PIN, writing nothing', async () => {
    expect(await placeCod('744101')).toMatchObject({
      status: 400,
      body: { success: false, message: DELIVERY_MESSAGES.noCashOnDelivery },
    });
    expect((await placeCod('123456')).body.message).toBe(DELIVERY_MESSAGES.unknownPin);
    await editSettings({
      ...SEEDED,
      zones: [
        {
          pinFrom: '560000',
          pinTo: '569999',
          label: 'Karnataka only',
          serviceable: true,
          cashOnDelivery: true,
          extraDays: 0,
        },
      ],
    });
    expect((await placeCod('110001')).body.message).toBe(DELIVERY_MESSAGES.notServed);
    expect(await t.db.select().from(orders)).toEqual([]);
  });
});

describe('the admin’s delivery settings', () => {
  it('reads the seeded ranges and holidays, and replaces them as a whole', async () => {
    const admin = await loggedInAdmin(t.app, t.db);
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/admin/delivery',
      headers: { token: admin.token },
    });
    expect(read.statusCode).toBe(200);
    const settings = read.json().settings as DeliverySettings;
    expect(settings.zones).toContainEqual(
      expect.objectContaining({
        label: 'All India',
        pinFrom: '110000',
        pinTo: '999999',
        cashOnDelivery: true,
      }),
    );
    expect(settings.holidays).toContainEqual({ day: '2026-12-25', name: 'Christmas' });

    seeded = settings;
    const edited = {
      zones: settings.zones,
      holidays: [...settings.holidays, { day: '2026-11-26', name: 'Stock taking' }],
    };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/delivery',
      headers: { token: admin.token },
      payload: edited,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings.holidays).toContainEqual({
      day: '2026-11-26',
      name: 'Stock taking',
    });
  });

  it('refuses bad ranges and days with the field’s message and keeps what was there', async () => {
    const admin = await loggedInAdmin(t.app, t.db);
    const before = await readDeliverySettings(t.db);
    const put = (payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/delivery',
        headers: { token: admin.token },
        payload: payload as object,
      });
    const zone = before.zones[0]!;
    const cases: [unknown, string][] = [
      [
        { zones: [{ ...zone, pinFrom: '200000', pinTo: '100000' }], holidays: [] },
        DELIVERY_MESSAGES.zoneRange,
      ],
      [{ zones: [{ ...zone, extraDays: 31 }], holidays: [] }, DELIVERY_MESSAGES.extraDays],
      [{ zones: [], holidays: [] }, DELIVERY_MESSAGES.noAllIndia],
      [
        { zones: [zone], holidays: [{ day: '2026-02-30', name: 'No such day' }] },
        DELIVERY_MESSAGES.holidayDay,
      ],
      [
        {
          zones: [zone],
          holidays: [
            { day: '2026-12-25', name: 'A' },
            { day: '2026-12-25', name: 'B' },
          ],
        },
        DELIVERY_MESSAGES.holidayTwice('2026-12-25'),
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await put(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await readDeliverySettings(t.db)).toEqual(before);
    const shopper = await loggedInShopper(t.app, t.db, 'not-admin');
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/admin/delivery',
      headers: { token: shopper.token },
    });
    expect(refused.statusCode).toBe(403);
  });
});
