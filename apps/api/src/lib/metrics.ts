import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus series (docs/decisions/114-metrics.md). One registry per process, as
 * the event-loop lag and memory are the process's: the domain code counts what happens with one
 * line (`shopMetrics.ordersPlaced.inc(…)`) whether or not METRICS_TOKEN exposes it, and
 * plugins/metrics.ts serves the registry at GET /metrics. Labels take a few fixed values only.
 */
export const metricsRegistry = new Registry();

export const httpMetrics = {
  requests: new Counter({
    name: 'vastra_http_requests_total',
    help: 'Requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [metricsRegistry],
  }),
  duration: new Histogram({
    name: 'vastra_http_request_duration_seconds',
    help: 'Time to answer, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [metricsRegistry],
  }),
};

export const shopMetrics = {
  ordersPlaced: new Counter({
    name: 'vastra_orders_placed_total',
    help: 'Orders placed, by payment method (cod, razorpay)',
    labelNames: ['payment'] as const,
    registers: [metricsRegistry],
  }),
  ordersPaid: new Counter({
    name: 'vastra_orders_paid_total',
    help: 'Orders that became paid, by payment method (cod: marked paid by the shop owner)',
    labelNames: ['payment'] as const,
    registers: [metricsRegistry],
  }),
  paymentFailures: new Counter({
    name: 'vastra_payment_failures_total',
    help: 'Payment checks that found no valid captured payment, and online orders the provider could not open',
    labelNames: ['reason'] as const,
    registers: [metricsRegistry],
  }),
  webhooks: new Counter({
    name: 'vastra_payment_webhooks_total',
    help: "Razorpay webhooks, by outcome (the answer's message, or invalid signature)",
    labelNames: ['outcome'] as const,
    registers: [metricsRegistry],
  }),
  otpMails: new Counter({
    name: 'vastra_otp_mails_total',
    help: 'OTP mails, by outcome: sent, or refused (the mail server refused it or could not be reached)',
    labelNames: ['outcome'] as const,
    registers: [metricsRegistry],
  }),
  rateLimitRefusals: new Counter({
    name: 'vastra_rate_limit_refusals_total',
    help: 'Requests refused with 429, by the limit that refused them',
    labelNames: ['limit'] as const,
    registers: [metricsRegistry],
  }),
  catalogListBuilds: new Counter({
    name: 'vastra_catalog_list_builds_total',
    help: 'Times this process read every product to rebuild the cached GET /api/product/list answer (that route and its warm-up only; every screen asks for the products it shows). A stock change alone re-serialises the answer from the products already read and is not counted',
    registers: [metricsRegistry],
  }),
  catalogueCountReads: new Counter({
    name: 'vastra_catalogue_count_reads_total',
    help: "Times GET /api/products read a query's counts per filter value: 'first' (the shopper's request waited for them) or 'again' (after a product change that can move them, or as they age; in the background, one at a time) or 'moved' (one product's part, added or taken away after a price move into or out of the query's price bounds)",
    labelNames: ['read'] as const,
    registers: [metricsRegistry],
  }),
  catalogInvalidations: new Counter({
    name: 'vastra_catalog_cache_invalidations_total',
    help: 'Times this process dropped its cached catalogue (a product write here or in another process, LISTEN lost or back)',
    registers: [metricsRegistry],
  }),
};

/** What a database pool reports; PGlite (one connection inside the process) has none. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

let poolStats: (() => PoolStats) | undefined;
new Gauge({
  name: 'vastra_db_pool_connections',
  help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one (not on PGlite)',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    const stats = poolStats?.();
    if (!stats) return;
    for (const state of ['total', 'idle', 'waiting'] as const) this.set({ state }, stats[state]);
  },
});

let processMetricsOn = false;

/**
 * Turns on the process series (prom-client's defaults: event-loop lag, memory, CPU, handles) and
 * points the pool gauge at this app's database.
 */
export function startProcessMetrics(stats: (() => PoolStats) | undefined): void {
  poolStats = stats;
  if (processMetricsOn) return;
  processMetricsOn = true;
  collectDefaultMetrics({ register: metricsRegistry, prefix: 'vastra_' });
}
