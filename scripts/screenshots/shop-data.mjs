// The shop's state for the screenshots, made through the real API the way the browser tests make
// it (apps/web/e2e/support/accounts.ts, shopper.ts, orders.ts): a shopper registered with the code
// from the mail, two lines in the shopper's cart, a cash-on-delivery order, the admin's session.
// Every value is fixed, so each run makes the same shop.

/** The shopper: the same name and address every run (the data directory is new each time). */
export const SHOPPER = {
  name: 'Asha Rao',
  email: 'asha.rao@example.com',
  password: 'pass-word-123',
};

/** A delivery address the checkout accepts (the one the browser tests use). */
const DELIVERY_ADDRESS = {
  firstName: 'Asha',
  lastName: 'Rao',
  email: SHOPPER.email,
  street: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  zipcode: '560001',
  country: 'India',
  phone: '9876543210',
};

/** A little more than one millisecond of the server's clock: fixed-clock.mjs's SLOWDOWN. */
const SERVER_CLOCK_TICK_MS = 1_100;

let clients = 0;
/**
 * A client address of its own per call or browser context (the server trusts X-Forwarded-For
 * here): a counter, so runs are alike and no rate limit is shared.
 */
export function nextClientAddress() {
  clients += 1;
  return `10.77.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
}

function caller(baseURL) {
  return async function post(path, body, token) {
    const response = await fetch(new URL(path, baseURL), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': nextClientAddress(),
        ...(token ? { token } : {}),
      },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    if (!response.ok || answer.success === false)
      throw new Error(`${path}: ${response.status} ${answer.message ?? JSON.stringify(answer)}`);
    return answer;
  };
}

/** The catalogue newest first, as the storefront shows it (the API answers oldest first). */
export async function catalogue(baseURL) {
  const body = await (await fetch(new URL('/api/product/list', baseURL))).json();
  if (!body.success || body.products.length < 2) throw new Error('The catalogue is empty.');
  return [...body.products].reverse();
}

/** Registers SHOPPER (registerotp → the mailed code → verifyotp → register); answers a token. */
export async function registerShopper(shop) {
  const post = caller(shop.baseURL);
  const before = shop.mailCount(SHOPPER.email);
  await post('/api/user/registerotp', { email: SHOPPER.email });
  const otp = await shop.readOtp(SHOPPER.email, before);
  await post('/api/user/verifyotp', { email: SHOPPER.email, otp, type: 'register' });
  await post('/api/user/register', SHOPPER);
  return login(shop.baseURL, SHOPPER);
}

/** A session token, as the login page would keep it under `token`. */
export async function login(baseURL, account) {
  const answer = await caller(baseURL)('/api/user/login', {
    email: account.email,
    password: account.password,
  });
  return answer.token;
}

/**
 * Sets each line's quantity in the server's cart. The cart lists lines by the time they were put
 * in, a tie going to the product's random id; on the server's slowed clock (fixed-clock.mjs) two
 * lines put in within the same real second would tie, so each waits for the next millisecond.
 */
export async function fillCart(baseURL, token, lines) {
  const post = caller(baseURL);
  for (const line of lines) {
    await post('/api/cart/update', line, token);
    await new Promise((resolve) => setTimeout(resolve, SERVER_CLOCK_TICK_MS));
  }
}

/** Places the cart as a cash-on-delivery order; answers its id. */
export async function placeCodOrder(baseURL, token) {
  const answer = await caller(baseURL)(
    '/api/order/place',
    { address: DELIVERY_ADDRESS, couponCode: null, paymentMethod: 'cod' },
    token,
  );
  return answer.orderId;
}
