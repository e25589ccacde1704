import { deliveryByText, type PinCheck } from '@/lib/addresses/use-pin-check';
import { CHECKOUT_TEXT } from './messages';

/**
 * Under the chosen address: "Delivery by Thu, 27 Nov – Sat, 29 Nov", or why the shop cannot
 * deliver there. `quiet`: under the form's PIN field, whose error shows the refusal already.
 */
export function DeliveryNote({ pin, quiet = false }: { pin: PinCheck; quiet?: boolean }) {
  if (pin.status === 'checking')
    return (
      <span role="status" className="text-xs text-muted">
        {CHECKOUT_TEXT.checkingPin}
      </span>
    );
  if (pin.status === 'refused' && !quiet)
    return (
      <p role="alert" data-testid="delivery-refused" className="text-sm font-medium text-accent">
        {pin.message}
      </p>
    );
  if (pin.status !== 'served') return null;
  const text = deliveryByText(pin.check);
  if (!text) return null;
  return (
    <span data-testid="delivery-by" className="text-xs font-medium text-emerald-700">
      {text}
    </span>
  );
}
