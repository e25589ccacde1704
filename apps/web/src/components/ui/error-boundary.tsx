import { Component, type ReactNode } from 'react';
import { Button, buttonClass } from './button';

/**
 * Catches a render crash, or a lazily loaded chunk that failed to arrive, anywhere below it and
 * shows `fallback` instead of a blank page (decision 106). It tries its children again when
 * `resetKey` changes: the shopper went somewhere else.
 */
export class ErrorBoundary extends Component<
  { fallback: ReactNode; resetKey?: string; children: ReactNode },
  { failed: boolean; resetKey: string | undefined }
> {
  override state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: { resetKey?: string },
    state: { failed: boolean; resetKey: string | undefined },
  ) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * What a crashed page shows: calm words and two ways on — reload (a new version of the shop, or a
 * chunk the connection lost, arrives), or a full page load of `back`, which needs nothing of the
 * app that crashed.
 */
export function SomethingWentWrong({
  back = { href: '/', label: 'GO TO THE HOME PAGE' },
}: {
  back?: { href: string; label: string };
}) {
  return (
    <div role="alert" className="container-shop flex flex-col items-center py-20 text-center">
      <h1 className="font-serif text-2xl sm:text-3xl">Something went wrong</h1>
      <p className="mt-3 max-w-sm text-sm text-muted">
        This page could not be shown. Reloading it usually helps; your cart and account are safe.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button size="md" onClick={() => window.location.reload()}>
          RELOAD THE PAGE
        </Button>
        <a href={back.href} className={buttonClass('secondary', 'md')}>
          {back.label}
        </a>
      </div>
    </div>
  );
}
