// Loaded into the shop server with `node --import` by shop-server.mjs, never by the shop itself.
// The server's clock starts at SCREENSHOTS_CLOCK and runs a thousand times slower than real time,
// so every date the screens show (a product's "Added", a coupon's "since", an order's date and
// minute, the overview's "today" and "this week") is the same in every run. It keeps moving,
// slowly, so that no wait of the form "until Date.now() passes a deadline" can hang. PGlite reads
// the time through the same global Date, so SQL now() follows too.
const RealDate = Date;
const start = RealDate.parse(process.env.SCREENSHOTS_CLOCK ?? '');
if (Number.isNaN(start)) throw new Error('fixed-clock.mjs: SCREENSHOTS_CLOCK must be an ISO time.');
const realStart = RealDate.now();
/** Real milliseconds per millisecond of the server's clock (shop-data.mjs waits one out). */
const SLOWDOWN = 1000;

const now = () => start + Math.floor((RealDate.now() - realStart) / SLOWDOWN);

// A Proxy rather than a subclass: `Date()` called without `new` keeps working, and every Date
// made here is still an instance of the real Date.
globalThis.Date = new Proxy(RealDate, {
  construct: (target, args, newTarget) =>
    Reflect.construct(target, args.length > 0 ? args : [now()], newTarget),
  apply: () => new RealDate(now()).toString(),
  get: (target, property, receiver) =>
    property === 'now' ? now : Reflect.get(target, property, receiver),
});
