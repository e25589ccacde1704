CREATE TABLE "delivery_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pin_from" text NOT NULL,
	"pin_to" text NOT NULL,
	"label" text NOT NULL,
	"serviceable" boolean NOT NULL,
	"cash_on_delivery" boolean NOT NULL,
	"extra_days" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "delivery_zones_range" CHECK ("delivery_zones"."pin_from" ~ '^[1-9][0-9]{5}$' and "delivery_zones"."pin_to" ~ '^[1-9][0-9]{5}$' and "delivery_zones"."pin_from" <= "delivery_zones"."pin_to"),
	CONSTRAINT "delivery_zones_extra_days" CHECK ("delivery_zones"."extra_days" between 0 and 30)
);
--> statement-breakpoint
CREATE TABLE "shop_holidays" (
	"day" date PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
-- The zones a shop starts with (DEFAULT_DELIVERY_ZONES in @vastra/shared/delivery/delivery-zones):
-- all of India, two business days more for the remote regions, no cash on delivery on the islands
-- and in Ladakh. The admin edits them from then on.
INSERT INTO "delivery_zones" ("pin_from", "pin_to", "label", "serviceable", "cash_on_delivery", "extra_days") VALUES
  ('110000', '999999', 'All India', true, true, 0),
  ('180000', '194999', 'Jammu & Kashmir and Ladakh', true, true, 2),
  ('194100', '194499', 'Ladakh', true, false, 2),
  ('737000', '737999', 'Sikkim', true, true, 2),
  ('744000', '744999', 'Andaman & Nicobar Islands', true, false, 2),
  ('682550', '682559', 'Lakshadweep', true, false, 2),
  ('780000', '799999', 'North-East', true, true, 2);--> statement-breakpoint
-- India's fixed national holidays (and Christmas, a gazetted one); festivals whose dates move are
-- the admin's to add each year.
INSERT INTO "shop_holidays" ("day", "name") VALUES
  ('2026-01-26', 'Republic Day'),
  ('2026-08-15', 'Independence Day'),
  ('2026-10-02', 'Gandhi Jayanti'),
  ('2026-12-25', 'Christmas'),
  ('2027-01-26', 'Republic Day'),
  ('2027-08-15', 'Independence Day'),
  ('2027-10-02', 'Gandhi Jayanti'),
  ('2027-12-25', 'Christmas');
