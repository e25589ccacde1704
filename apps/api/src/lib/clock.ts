/**
 * The time, as services see it. Injected so tests can move it (an OTP's 10 minutes, a token's 7
 * days) instead of sleeping.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests set and advance by hand. */
export function manualClock(start: Date | number = Date.now()): Clock & {
  advance(ms: number): void;
  set(at: Date | number): void;
} {
  let at = typeof start === 'number' ? start : start.getTime();
  return {
    now: () => new Date(at),
    advance: (ms) => {
      at += ms;
    },
    set: (next) => {
      at = typeof next === 'number' ? next : next.getTime();
    },
  };
}
