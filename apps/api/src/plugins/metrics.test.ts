import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CATALOG_CHANGED_CHANNEL } from '../modules/catalog/catalog.service';
import { ADDRESS, fillCart, insertProducts, loggedInShopper } from '../test/fixtures';
import { usingPostgres } from '../test/test-database';
import { useTestApp } from '../test/use-test-app';

const TOKEN = 'metrics-test-token-0123456789';

/** The value of one series (name and labels exactly as printed), 0 when it is not there yet. */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /metrics without METRICS_TOKEN', () => {
  const t = useTestApp();

  it('is not there: the path is the storefront’s, like any other unknown path', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).not.toBe(200);
    expect(res.body).not.toContain('vastra_');
    expect(t.app.hasRoute({ method: 'GET', url: '/metrics' })).toBe(false);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const t = useTestApp({ env: { METRICS_TOKEN: TOKEN } });
  const scrape = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    return res.body;
  };

  it.each([
    ['no Authorization header', undefined],
    ['a wrong token', `Bearer ${TOKEN}x`],
    ['the token without Bearer', TOKEN],
  ])('answers 401 to %s', async (_, authorization) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: authorization ? { authorization } : {},
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      success: false,
      message: 'The metrics need Authorization: Bearer <METRICS_TOKEN>',
    });
    expect(res.body).not.toContain('vastra_');
  });

  it('has every series the shop reports', async () => {
    const text = await scrape();
    for (const name of [
      'vastra_http_requests_total',
      'vastra_http_request_duration_seconds',
      'vastra_orders_placed_total',
      'vastra_orders_paid_total',
      'vastra_payment_failures_total',
      'vastra_payment_webhooks_total',
      'vastra_otp_mails_total',
      'vastra_rate_limit_refusals_total',
      'vastra_catalog_cache_invalidations_total',
      'vastra_db_pool_connections',
      'vastra_nodejs_eventloop_lag_seconds',
      'vastra_process_resident_memory_bytes',
    ])
      expect(text, name).toContain(`# TYPE ${name} `);
    // node-postgres' pool reports its connections; PGlite, one connection in the process, none.
    if (usingPostgres) expect(text).toMatch(/^vastra_db_pool_connections\{state="total"\} [1-9]/m);
    else expect(text).not.toContain('vastra_db_pool_connections{');
  });

  it('counts requests by route pattern and status, and what the shop did', async () => {
    const [product] = await insertProducts(t.db, [{ name: 'Counted' }]);
    const productSeries = (status: number) =>
      `vastra_http_requests_total{method="GET",route="/api/product/:id",status="${status}"}`;
    const before = await scrape();
    // As another process's product write does: the notice drops this process's cached catalogue.
    await t.db.execute(sql.raw(`NOTIFY ${CATALOG_CHANGED_CHANNEL}`));
    await expect
      .poll(async () => valueOf(await scrape(), 'vastra_catalog_cache_invalidations_total'), {
        timeout: 8_000,
        interval: 50,
      })
      .toBeGreaterThan(valueOf(before, 'vastra_catalog_cache_invalidations_total'));

    expect(
      (await t.app.inject({ method: 'GET', url: `/api/product/${product!.id}` })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/product/${product!.id}` })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/product/not-an-id' })).statusCode).toBe(
      400,
    );
    const shopper = await loggedInShopper(t.app, t.db);
    await fillCart(t.db, shopper.userId, [[999, 1]]);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/order/place',
      headers: { authorization: `Bearer ${shopper.token}` },
      payload: { address: ADDRESS, paymentMethod: 'cod' },
    });
    expect(placed.statusCode).toBe(200);
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/razorpay',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'forged' },
      payload: '{"event":"payment.captured"}',
    });
    expect(webhook.statusCode).toBe(400);

    const after = await scrape();
    const grew = (series: string) => valueOf(after, series) - valueOf(before, series);
    expect(grew(productSeries(200))).toBe(2);
    expect(grew(productSeries(400))).toBe(1);
    // The pattern, never the raw URL: one series however many products are looked at.
    expect(after).not.toContain(product!.id);
    expect(after).toContain(
      'vastra_http_request_duration_seconds_count{method="GET",route="/api/product/:id",status="200"}',
    );
    expect(grew('vastra_orders_placed_total{payment="cod"}')).toBe(1);
    expect(grew('vastra_payment_webhooks_total{outcome="invalid signature"}')).toBe(1);
  });

  it('counts rate-limit refusals by the limit that refused', async () => {
    const refusals = (text: string) =>
      text
        .split('\n')
        .filter((line) => line.startsWith('vastra_rate_limit_refusals_total{'))
        .reduce((sum, line) => sum + Number(line.split(' ')[1]), 0);
    const before = refusals(await scrape());
    let refused = 0;
    for (let i = 0; i < 32; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: 'nobody@example.com', password: 'not-the-password' },
      });
      if (res.statusCode === 429) refused += 1;
    }
    expect(refused).toBeGreaterThan(0);
    const after = await scrape();
    expect(refusals(after) - before).toBe(refused);
    expect(after).toMatch(/vastra_rate_limit_refusals_total\{limit="login-fail:client"\} [1-9]/);
  });
});
