import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import { SHIPPING_COUNTRY } from '@vastra/shared/constants';
import {
  ADDRESS_BOOK_MAX,
  ADDRESS_BOOK_MESSAGES,
  type SavedAddress,
  type SavedAddressInput,
} from '@vastra/shared/schemas/address-book';
import { DELIVERY_MESSAGES } from '@vastra/shared/schemas/delivery';
import type { Database } from '../../db/client';
import { savedAddresses, type SavedAddressRow } from '../../db/schema/shopper-lists';
import { AppError } from '../../lib/app-error';
import { lookUpPin } from '../../lib/pin-directory';
import { LOGIN_REQUIRED_MESSAGE } from '../../plugins/auth';
import { lockAccount } from '../auth/auth.service';

/**
 * The address book (docs/decisions/129-address-book-and-wishlist.md). Every change runs in a
 * transaction holding the account's row, so the limit and the one default hold when a shopper's
 * two tabs save at once; a refused change writes nothing.
 */

function toSavedAddress(row: SavedAddressRow): SavedAddress {
  return {
    _id: row.id,
    label: row.label,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    street: row.street,
    city: row.city,
    state: row.state,
    zipcode: row.zipcode,
    country: SHIPPING_COUNTRY,
    phone: row.phone,
    isDefault: row.isDefault,
  };
}

export async function listAddresses(db: Database, userId: string): Promise<SavedAddress[]> {
  const rows = await db
    .select()
    .from(savedAddresses)
    .where(eq(savedAddresses.userId, userId))
    .orderBy(
      desc(savedAddresses.isDefault),
      desc(savedAddresses.createdAt),
      desc(savedAddresses.id),
    );
  return rows.map(toSavedAddress);
}

async function holdAccount(tx: Database, userId: string): Promise<void> {
  // The account was deleted after the token was checked: as if logged out.
  if (!(await lockAccount(tx, userId))) throw new AppError('unauthorized', LOGIN_REQUIRED_MESSAGE);
}

function columnsOf(input: SavedAddressInput) {
  // A PIN code India Post does not know cannot be delivered to: refused before anything is kept.
  if (!lookUpPin(input.zipcode)) throw new AppError('invalid_data', DELIVERY_MESSAGES.unknownPin);
  return {
    label: input.label ?? '',
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    street: input.street,
    city: input.city,
    state: input.state ?? '',
    zipcode: input.zipcode,
    phone: input.phone,
  };
}

async function setDefault(tx: Database, userId: string, id: string): Promise<void> {
  await tx
    .update(savedAddresses)
    .set({ isDefault: false })
    .where(
      and(
        eq(savedAddresses.userId, userId),
        ne(savedAddresses.id, id),
        eq(savedAddresses.isDefault, true),
      ),
    );
  await tx
    .update(savedAddresses)
    .set({ isDefault: true })
    .where(and(eq(savedAddresses.userId, userId), eq(savedAddresses.id, id)));
}

async function ownAddress(tx: Database, userId: string, id: string): Promise<SavedAddressRow> {
  const [row] = await tx
    .select()
    .from(savedAddresses)
    .where(and(eq(savedAddresses.userId, userId), eq(savedAddresses.id, id)));
  // Another shopper's address is as missing as one that never was.
  if (!row) throw new AppError('not_found', ADDRESS_BOOK_MESSAGES.notFound);
  return row;
}

export function createAddress(
  db: Database,
  userId: string,
  input: SavedAddressInput,
  now: Date,
): Promise<SavedAddress> {
  const columns = columnsOf(input);
  return db.transaction(async (tx) => {
    await holdAccount(tx, userId);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(savedAddresses)
      .where(eq(savedAddresses.userId, userId));
    if (n >= ADDRESS_BOOK_MAX) throw new AppError('conflict', ADDRESS_BOOK_MESSAGES.full);
    const [row] = await tx
      .insert(savedAddresses)
      .values({ ...columns, userId, createdAt: now, updatedAt: now })
      .returning();
    if (n === 0 || input.makeDefault) await setDefault(tx, userId, row!.id);
    return toSavedAddress({ ...row!, isDefault: n === 0 || input.makeDefault === true });
  });
}

export function updateAddress(
  db: Database,
  userId: string,
  id: string,
  input: SavedAddressInput,
  now: Date,
): Promise<SavedAddress> {
  const columns = columnsOf(input);
  return db.transaction(async (tx) => {
    await holdAccount(tx, userId);
    await ownAddress(tx, userId, id);
    const [row] = await tx
      .update(savedAddresses)
      .set({ ...columns, updatedAt: now })
      .where(and(eq(savedAddresses.userId, userId), eq(savedAddresses.id, id)))
      .returning();
    if (input.makeDefault) await setDefault(tx, userId, id);
    return toSavedAddress({ ...row!, isDefault: row!.isDefault || input.makeDefault === true });
  });
}

export function deleteAddress(db: Database, userId: string, id: string): Promise<void> {
  return db.transaction(async (tx) => {
    await holdAccount(tx, userId);
    const row = await ownAddress(tx, userId, id);
    await tx.delete(savedAddresses).where(eq(savedAddresses.id, row.id));
    if (!row.isDefault) return;
    // The default went: the oldest address left takes its place, so checkout still preselects one.
    const [oldest] = await tx
      .select({ id: savedAddresses.id })
      .from(savedAddresses)
      .where(eq(savedAddresses.userId, userId))
      .orderBy(asc(savedAddresses.createdAt), asc(savedAddresses.id))
      .limit(1);
    if (oldest) await setDefault(tx, userId, oldest.id);
  });
}

export function makeDefaultAddress(db: Database, userId: string, id: string): Promise<void> {
  return db.transaction(async (tx) => {
    await holdAccount(tx, userId);
    await ownAddress(tx, userId, id);
    await setDefault(tx, userId, id);
  });
}
