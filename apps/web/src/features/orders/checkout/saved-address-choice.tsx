import type { SavedAddress } from '@vastra/shared/schemas/address-book';
import { AddressLines } from '@/components/addresses/address-lines';

/** "A saved address, or a new one": what the shopper picked. */
export type AddressChoice = string | 'new';

const card = (chosen: boolean) =>
  `flex cursor-pointer items-start gap-3 border px-4 py-3.5 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent ${
    chosen ? 'border-ink bg-white' : 'border-line bg-white/50 hover:border-ink/50'
  }`;

/**
 * The shopper's saved addresses as radio cards, the default first (the API's order), and
 * "Deliver to a new address", which shows the form (docs/decisions/133-address-book-screens.md).
 */
export function SavedAddressChoice({
  addresses,
  value,
  onChange,
}: {
  addresses: readonly SavedAddress[];
  value: AddressChoice;
  onChange: (choice: AddressChoice) => void;
}) {
  return (
    <div role="radiogroup" aria-label="Deliver to" className="grid gap-3 sm:grid-cols-2">
      {addresses.map((address) => (
        <label
          key={address._id}
          data-testid="saved-address"
          className={card(value === address._id)}
        >
          <input
            type="radio"
            name="savedAddress"
            value={address._id}
            checked={value === address._id}
            onChange={() => onChange(address._id)}
            className="mt-1 h-4 w-4 shrink-0 accent-ink"
          />
          <AddressLines address={address} />
        </label>
      ))}
      <label className={card(value === 'new')}>
        <input
          type="radio"
          name="savedAddress"
          value="new"
          checked={value === 'new'}
          onChange={() => onChange('new')}
          className="mt-1 h-4 w-4 shrink-0 accent-ink"
        />
        <span className="text-sm font-medium">Deliver to a new address</span>
      </label>
    </div>
  );
}
