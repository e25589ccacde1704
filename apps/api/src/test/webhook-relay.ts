import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RelayedHook {
  raw: Buffer;
  headers: http.IncomingHttpHeaders;
  /** The status the relay answered. */
  status: number;
}

/**
 * A stand-in for the network between the emulator and the shop's webhook endpoint
 * (docs/decisions/119): it answers 500 to the next `failNext` requests (a shop that is down or
 * failing), then passes each request byte for byte to `target` and answers its status (200 when
 * no target is set). Keeps what it received.
 */
export async function startWebhookRelay() {
  const received: RelayedHook[] = [];
  const relay = {
    url: '',
    received,
    failNext: 0,
    target: undefined as string | undefined,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const raw = Buffer.concat(chunks);
        let status = 200;
        if (relay.failNext > 0) {
          relay.failNext -= 1;
          status = 500;
        } else if (relay.target) {
          const forwarded = await fetch(relay.target, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-razorpay-signature': String(request.headers['x-razorpay-signature'] ?? ''),
              'x-razorpay-event-id': String(request.headers['x-razorpay-event-id'] ?? ''),
            },
            body: raw,
          });
          await forwarded.arrayBuffer();
          status = forwarded.status;
        }
        received.push({ raw, headers: request.headers, status });
        response.writeHead(status, { 'content-type': 'application/json' }).end('{}');
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  relay.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/razorpay`;
  return relay;
}
