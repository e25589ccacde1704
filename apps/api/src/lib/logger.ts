import pino from 'pino';
import type { Config } from '../config';
import { logSafeError } from './log-safe-error';

/**
 * What the app's services need of a logger: pino's (and Fastify's `app.log`) fits, and so does a
 * test's small stand-in. One type, so every module asks for the same thing.
 */
export interface Logger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/**
 * The process's logger (server.ts, scripts). Its `err` serializer is the app's: a start-up
 * failure — a migration, the admin bootstrap — logs its query but never the values it was sent
 * (docs/decisions/093-errors-logs-and-request-bodies.md). `destination` is for tests.
 */
export function createLogger(
  config: Pick<Config, 'nodeEnv' | 'logLevel'>,
  destination?: pino.DestinationStream,
): pino.Logger {
  const pretty = config.nodeEnv === 'development' && process.stdout.isTTY && !destination;
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    serializers: { err: logSafeError },
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } }
      : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}
