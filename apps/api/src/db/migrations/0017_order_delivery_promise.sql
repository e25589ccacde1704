ALTER TABLE "orders" ADD COLUMN "promised_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promised_to" timestamp with time zone;