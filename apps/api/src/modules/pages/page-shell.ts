import fs from 'node:fs';
import type { PaymentMode } from '@vastra/shared/schemas/payment';
import { compressPage, type CompressedPage } from './compressed-page';
import { collectionShell, defaultShell } from './page-head';
import { readRouteChunks, type RouteChunks } from './route-chunks';

/** How often, at most, the server looks whether index.html was rebuilt under it. */
const RECHECK_MS = 1_000;

/** The storefront's index.html as last read, and its default page, compressed once. */
export interface ShellVersion {
  /** Counts the times index.html was read: pages made from an older one are stale. */
  readonly version: number;
  readonly html: string;
  readonly defaultPage: Promise<CompressedPage>;
  /**
   * `/collection` with filters: the default page naming the collection route's chunks
   * (route-chunks.ts). Without them the pages module adds the first card's picture (decision 151).
   */
  readonly collectionPage: Promise<CompressedPage>;
  readonly routeChunks: RouteChunks;
}

export interface PageShell {
  /** index.html and its default page; read again when a new storefront build replaced the file. */
  current(): ShellVersion;
}

/**
 * The built storefront's index.html, the page every storefront address answers with
 * (docs/decisions/141-links-that-travel.md). Read once and compressed once; a rebuild under a
 * running server (`npm run build` beside `npm run dev`) is noticed within a second.
 */
export function createPageShell(
  indexFile: string,
  /**
   * Who takes payments, written into every page (`<meta name="payment-mode">`) so the storefront
   * draws its test-mode banner in its first paint instead of pushing the page down when its API
   * call answers (docs/decisions/151); undefined before the payments are set up.
   */
  paymentMode: () => PaymentMode | undefined = () => undefined,
): PageShell {
  let shell: ShellVersion | undefined;
  let mtimeMs = -1;
  let checkedAt = 0;

  function read(): ShellVersion {
    mtimeMs = fs.statSync(indexFile).mtimeMs;
    const html = withPaymentMode(fs.readFileSync(indexFile, 'utf8'), paymentMode());
    const defaultPage = compressPage(defaultShell(html));
    const routeChunks = readRouteChunks(indexFile);
    const collectionPage = compressPage(collectionShell(html, routeChunks.collection));
    return { version: (shell?.version ?? 0) + 1, html, defaultPage, collectionPage, routeChunks };
  }

  return {
    current() {
      const now = Date.now();
      if (shell && now - checkedAt < RECHECK_MS) return shell;
      checkedAt = now;
      if (!shell) return (shell = read());
      try {
        if (fs.statSync(indexFile).mtimeMs !== mtimeMs) shell = read();
      } catch {
        // Removed or half-written mid-build: the page read last serves until the new one is there.
      }
      return shell;
    },
  };
}

/** index.html with the payment mode the storefront reads before its first paint (test-mode banner). */
export function withPaymentMode(html: string, mode: PaymentMode | undefined): string {
  if (!mode) return html;
  return html.replace('</head>', () => `<meta name="payment-mode" content="${mode}" />\n  </head>`);
}
