import net from 'node:net';

/** The Redis server the Redis tests use (TEST_REDIS_URL, or this machine's). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether it answers: the Redis tests run where one does (this machine has one; a bare CI may not). */
export const redisUp = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(TEST_REDIS_URL);
  const socket = net.connect(Number(port || 6379), hostname);
  socket.setTimeout(500);
  socket.once('connect', () => (socket.destroy(), resolve(true)));
  socket.once('error', () => resolve(false));
  socket.once('timeout', () => (socket.destroy(), resolve(false)));
});
