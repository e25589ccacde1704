import type { SavedAddress } from '@vastra/shared/schemas/address-book';

/** A saved address as a shopper reads it: label, name, street, city, state and PIN, phone. */
export function AddressLines({ address }: { address: SavedAddress }) {
  const place = [address.city, address.state].filter(Boolean).join(', ');
  return (
    <span className="block min-w-0 text-sm">
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {address.label && (
          <span className="border border-ink/30 px-1.5 py-0.5 text-[11px] font-medium tracking-[0.12em] uppercase">
            {address.label}
          </span>
        )}
        <span className="font-medium">
          {address.firstName} {address.lastName}
        </span>
        {address.isDefault && (
          <span className="text-[11px] tracking-[0.12em] text-muted uppercase">Default</span>
        )}
      </span>
      <span className="mt-1 block break-words text-muted">{address.street}</span>
      <span className="block text-muted">
        {place} – {address.zipcode}
      </span>
      <span className="block text-muted">Mobile {address.phone}</span>
    </span>
  );
}
