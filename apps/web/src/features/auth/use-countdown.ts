import { useCallback, useEffect, useState } from 'react';

/**
 * The OTP resend lock as the shopper sees it: seconds left, ticking down once a second.
 * The server keeps the real lock (and answers 429 with its own count).
 */
export function useCountdown(): {
  remaining: number;
  start: (seconds: number) => void;
  reset: () => void;
} {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until <= now) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(1000, until - now));
    return () => window.clearTimeout(timer);
  }, [until, now]);

  const start = useCallback((seconds: number) => {
    const at = Date.now();
    setNow(at);
    setUntil(at + seconds * 1000);
  }, []);
  const reset = useCallback(() => setUntil(0), []);

  return { remaining: Math.max(0, Math.ceil((until - now) / 1000)), start, reset };
}
