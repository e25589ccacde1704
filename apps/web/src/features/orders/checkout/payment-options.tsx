import type { PaymentMethod } from '@vastra/shared/schemas/order';

const OPTIONS: readonly { value: PaymentMethod; title: string; detail: string }[] = [
  { value: 'razorpay', title: 'Razorpay', detail: 'Card or UPI — pay securely now' },
  { value: 'cod', title: 'Cash on delivery', detail: 'Pay when your order arrives' },
];

/** The payment method (docs/architecture.md §4.4: Razorpay for card/UPI, and cash on delivery). */
export function PaymentOptions({
  value,
  available,
  blocked = {},
  onChange,
}: {
  value: PaymentMethod;
  /** What the server offers; both until it has said. */
  available: readonly PaymentMethod[];
  /** Offered by the shop but not for this address (cash on delivery by PIN code), and why. */
  blocked?: Partial<Record<PaymentMethod, string>>;
  onChange: (method: PaymentMethod) => void;
}) {
  return (
    <fieldset>
      <legend className="font-serif text-lg tracking-[0.16em] uppercase">
        Payment <span className="font-semibold">Method</span>
      </legend>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        {OPTIONS.filter((option) => available.includes(option.value)).map((option) => {
          const why = blocked[option.value];
          return (
            <label
              key={option.value}
              className={`flex items-start gap-3 border px-4 py-3.5 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent ${
                why ? 'cursor-not-allowed opacity-70' : 'cursor-pointer'
              } ${
                value === option.value
                  ? 'border-ink bg-white'
                  : 'border-line bg-white/50 hover:border-ink/50'
              }`}
            >
              <input
                type="radio"
                name="paymentMethod"
                value={option.value}
                checked={value === option.value}
                disabled={why !== undefined}
                aria-describedby={why ? `payment-${option.value}-blocked` : undefined}
                onChange={() => onChange(option.value)}
                className="mt-1 h-4 w-4 shrink-0 accent-ink"
              />
              <span className="text-sm">
                <span className="block font-medium">{option.title}</span>
                <span className="block text-xs text-muted">{option.detail}</span>
                {why && (
                  <span
                    id={`payment-${option.value}-blocked`}
                    data-testid={`payment-${option.value}-blocked`}
                    className="mt-1 block text-xs font-medium text-accent"
                  >
                    {why}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
