import type { AdminProduct } from '@vastra/shared/schemas/admin';

/** An admin product for component tests: `units` is size → [on hand, held]. */
export function makeAdminProduct(
  over: Partial<AdminProduct> & Pick<AdminProduct, '_id' | 'name'>,
  units: Record<string, [number, number]> = { S: [12, 0], M: [3, 3], L: [3, 0] },
): AdminProduct {
  const stock = Object.fromEntries(
    Object.entries(units).map(([size, [onHand, held]]) => [
      size,
      { onHand, held, available: onHand - held },
    ]),
  );
  return {
    description: `${over.name} description.`,
    price: 1299,
    mrp: null,
    hsn: '620520',
    image: [`/uploads/products/${over._id}-1.webp`],
    category: 'SHIRTS',
    subCategory: 'SNITCH',
    sizes: Object.keys(units),
    date: Date.UTC(2026, 10, 20),
    deletedAt: null,
    stock,
    available: Object.values(stock).reduce((sum, s) => sum + s.available, 0),
    ...over,
  };
}

/** The server's answer to the admin's read of one product, or undefined for any other call. */
export function productReadAnswer(product: AdminProduct, name: string): unknown {
  return name === 'admin.productGet' ? { success: true, product } : undefined;
}

/**
 * jsdom has no modal dialogs: `showModal` and `close` set `open` and fire `close` as the browser
 * does, so the admin's dialogs can be driven in component tests (the browser specs use the real ones).
 */
export function installDialogs(): void {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { __installed?: boolean };
  if (proto.__installed) return;
  proto.__installed = true;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
