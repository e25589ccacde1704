CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"price" integer NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"category" text NOT NULL,
	"sub_category" text NOT NULL,
	"sizes" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"seed_key" text,
	CONSTRAINT "products_seed_key_unique" UNIQUE("seed_key"),
	CONSTRAINT "products_price_nonnegative" CHECK ("products"."price" >= 0)
);
--> statement-breakpoint
CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at","id");