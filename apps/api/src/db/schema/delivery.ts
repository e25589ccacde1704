import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';

/**
 * Where the shop delivers and when (docs/decisions/128-delivery-check.md). Ranges of PIN codes
 * (DeliveryZone in @vastra/shared/delivery/delivery-zones: the narrowest range holding a PIN code
 * decides) and the days the shop does not work besides Sundays. Both are the admin's to edit;
 * migration 0013 starts them with DEFAULT_DELIVERY_ZONES and India's fixed national holidays.
 */
export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    pinFrom: text('pin_from').notNull(),
    pinTo: text('pin_to').notNull(),
    label: text('label').notNull(),
    serviceable: boolean('serviceable').notNull(),
    cashOnDelivery: boolean('cash_on_delivery').notNull(),
    extraDays: integer('extra_days').notNull().default(0),
  },
  (t) => [
    check(
      'delivery_zones_range',
      sql`${t.pinFrom} ~ '^[1-9][0-9]{5}$' and ${t.pinTo} ~ '^[1-9][0-9]{5}$' and ${t.pinFrom} <= ${t.pinTo}`,
    ),
    check('delivery_zones_extra_days', sql`${t.extraDays} between 0 and 30`),
  ],
);

export const shopHolidays = pgTable('shop_holidays', {
  /** A day in India's calendar. */
  day: date('day', { mode: 'string' }).primaryKey(),
  name: text('name').notNull(),
});

export type DeliveryZoneRow = typeof deliveryZones.$inferSelect;
