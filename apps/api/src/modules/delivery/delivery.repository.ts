import { asc } from 'drizzle-orm';
import type { DeliverySettings } from '@vastra/shared/schemas/delivery';
import type { Database } from '../../db/client';
import { deliveryZones, shopHolidays } from '../../db/schema/delivery';

/** The zones and holidays, in the order the admin reads them. */
export async function readDeliverySettings(db: Database): Promise<DeliverySettings> {
  const [zones, holidays] = await Promise.all([
    db.select().from(deliveryZones).orderBy(asc(deliveryZones.pinFrom), asc(deliveryZones.pinTo)),
    db.select().from(shopHolidays).orderBy(asc(shopHolidays.day)),
  ]);
  return {
    zones: zones.map(({ id: _id, ...zone }) => zone),
    holidays,
  };
}

/** Both lists replaced as a whole, in one transaction: a check never sees half of an edit. */
export async function replaceDeliverySettings(
  db: Database,
  settings: DeliverySettings,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(deliveryZones);
    await tx.delete(shopHolidays);
    await tx.insert(deliveryZones).values(settings.zones);
    if (settings.holidays.length > 0) await tx.insert(shopHolidays).values(settings.holidays);
  });
}
