import type { ReactNode } from 'react';
import { Button } from './button';

/**
 * What a screen shows when its data could not be loaded: why, and a way to try again. `title` is
 * the page heading when the whole page failed; `tight` is the smaller gap of the checkout and
 * catalogue messages.
 */
export function LoadError({
  message,
  onRetry,
  title,
  tight = false,
  retryLabel = 'TRY AGAIN',
  className = '',
}: {
  message: ReactNode;
  onRetry: () => void;
  retryLabel?: ReactNode;
  title?: string;
  tight?: boolean;
  /** Layout of the block (padding, container). */
  className?: string;
}) {
  return (
    <div role="alert" className={`text-center ${className}`}>
      {title && <h1 className="font-serif text-2xl">{title}</h1>}
      <p className={title ? 'mt-3 text-muted' : 'text-muted'}>{message}</p>
      <Button variant="secondary" size="md" onClick={onRetry} className={tight ? 'mt-4' : 'mt-6'}>
        {retryLabel}
      </Button>
    </div>
  );
}

/** The boxed form inside a screen (the admin lists): "We could not load …", why, and a retry. */
export function LoadErrorPanel({
  what,
  message,
  onRetry,
}: {
  what: string;
  message: string | null;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className="border border-line bg-white/70 px-6 py-12 text-center">
      <p className="font-medium">We could not load {what}.</p>
      {message && <p className="mt-1 text-sm text-muted">{message}</p>}
      <Button variant="secondary" onClick={onRetry} className="mt-5">
        Try again
      </Button>
    </div>
  );
}
