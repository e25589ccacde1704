import { useState } from 'react';
import { ADDRESS_BOOK_MESSAGES, type SavedAddress } from '@vastra/shared/schemas/address-book';
import type { PublicUser } from '@vastra/shared/schemas/user';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { toastApiError } from '@/lib/api-client';
import { loadErrorMessage, useQuery } from '@/lib/query';
import { notify } from '@/lib/toast';
import {
  ADDRESSES_KEY,
  deleteAddress,
  listAddresses,
  makeDefaultAddress,
} from '@/lib/addresses/address-calls';
import { AddressEditor } from './address-editor';
import { AddressLines } from '@/components/addresses/address-lines';
import { ADDRESS_BOOK_TEXT as T } from './address-book-text';

/** Which card is open: none, the new address's form, an address's form, or its delete question. */
type Open = { kind: 'none' } | { kind: 'add' } | { kind: 'edit' | 'delete'; id: string };

/**
 * The profile's address book (docs/decisions/133-address-book-screens.md): the saved addresses,
 * the default first, each with Edit, Delete (asked once more) and Make default; Add while fewer
 * than the API's limit. Every change's answer is the book as the API now holds it.
 */
export function AddressBook({ user }: { user: PublicUser }) {
  const book = useQuery(ADDRESSES_KEY, listAddresses);
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const [busy, setBusy] = useState<string | null>(null);
  const addresses = book.data?.addresses;

  const show = (next: SavedAddress[]) => {
    book.set((data) => ({ ...data, addresses: next }));
    setOpen({ kind: 'none' });
  };
  const change = async (
    id: string,
    run: () => Promise<{ addresses: SavedAddress[] }>,
    done: string,
    failed: string,
  ) => {
    setBusy(id);
    try {
      show((await run()).addresses);
      notify.success(done);
    } catch (error) {
      toastApiError(error, failed);
    } finally {
      setBusy(null);
    }
  };

  const [first = '', ...rest] = user.name.trim().split(/\s+/);
  const defaults = {
    firstName: first,
    lastName: rest.join(' '),
    email: user.email,
    phone: user.phone ?? '',
  };

  return (
    <section aria-labelledby="address-book-title" className="mt-10">
      <h2
        id="address-book-title"
        className="font-serif text-lg tracking-[0.16em] uppercase sm:text-xl"
      >
        {T.title}
      </h2>
      {addresses === undefined &&
        (book.error !== undefined && !book.fetching ? (
          <LoadError
            message={`${T.loadFailed} ${loadErrorMessage(book.error)}`}
            onRetry={book.refresh}
            tight
          />
        ) : (
          <p role="status" className="mt-4 text-sm text-muted">
            Loading your addresses…
          </p>
        ))}
      {addresses?.length === 0 && open.kind !== 'add' && (
        <p className="mt-4 text-sm text-muted">{T.empty}</p>
      )}
      {addresses && addresses.length > 0 && (
        <ul className="mt-4 space-y-3" aria-label="Saved addresses">
          {addresses.map((address) =>
            open.kind === 'edit' && open.id === address._id ? (
              <li key={address._id}>
                <AddressEditor
                  address={address}
                  onSaved={show}
                  onCancel={() => setOpen({ kind: 'none' })}
                />
              </li>
            ) : (
              <li
                key={address._id}
                data-testid="address-card"
                className="border border-line bg-white/60 px-4 py-3.5"
              >
                <AddressLines address={address} />
                {open.kind === 'delete' && open.id === address._id ? (
                  <div
                    role="group"
                    aria-label={T.confirmDelete}
                    className="mt-3 flex flex-wrap items-center gap-3"
                  >
                    <span className="text-sm font-medium">{T.confirmDelete}</span>
                    <Button
                      type="button"
                      variant="danger"
                      disabled={busy !== null}
                      onClick={() =>
                        void change(
                          address._id,
                          () => deleteAddress(address._id),
                          ADDRESS_BOOK_MESSAGES.deleted,
                          T.deleteFailed,
                        )
                      }
                    >
                      YES, DELETE
                    </Button>
                    <Button
                      type="button"
                      variant="secondary"
                      onClick={() => setOpen({ kind: 'none' })}
                    >
                      KEEP IT
                    </Button>
                  </div>
                ) : (
                  <div className="mt-3 flex flex-wrap gap-2">
                    <Button
                      type="button"
                      variant="secondary"
                      aria-label={`Edit ${address.label || address.street}`}
                      onClick={() => setOpen({ kind: 'edit', id: address._id })}
                    >
                      EDIT
                    </Button>
                    {!address.isDefault && (
                      <Button
                        type="button"
                        variant="secondary"
                        disabled={busy !== null}
                        aria-label={`Make ${address.label || address.street} the default`}
                        onClick={() =>
                          void change(
                            address._id,
                            () => makeDefaultAddress(address._id),
                            T.madeDefault,
                            T.defaultFailed,
                          )
                        }
                      >
                        MAKE DEFAULT
                      </Button>
                    )}
                    <Button
                      type="button"
                      variant="danger"
                      aria-label={`Delete ${address.label || address.street}`}
                      onClick={() => setOpen({ kind: 'delete', id: address._id })}
                    >
                      DELETE
                    </Button>
                  </div>
                )}
              </li>
            ),
          )}
        </ul>
      )}
      {addresses !== undefined && (
        <div className="mt-4">
          {open.kind === 'add' ? (
            <AddressEditor
              defaults={defaults}
              onSaved={show}
              onCancel={() => setOpen({ kind: 'none' })}
            />
          ) : addresses.length >= T.max ? (
            <p className="text-sm text-muted">{T.full}</p>
          ) : (
            <Button type="button" onClick={() => setOpen({ kind: 'add' })}>
              {T.add}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
