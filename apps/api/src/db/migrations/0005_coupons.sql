CREATE TABLE "coupon_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coupon_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" text,
	"once_per_account" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"min_subtotal" integer DEFAULT 0 NOT NULL,
	"max_earlier_orders" integer,
	"once_per_account" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_code_unique" UNIQUE("code"),
	CONSTRAINT "coupons_code_normalized" CHECK ("coupons"."code" = upper(btrim("coupons"."code")) and "coupons"."code" <> ''),
	CONSTRAINT "coupons_kind_percent" CHECK (("coupons"."kind" = 'percent' and "coupons"."percent" between 1 and 100) or ("coupons"."kind" = 'free_delivery' and "coupons"."percent" = 0)),
	CONSTRAINT "coupons_min_subtotal_nonnegative" CHECK ("coupons"."min_subtotal" >= 0),
	CONSTRAINT "coupons_max_earlier_orders_positive" CHECK ("coupons"."max_earlier_orders" is null or "coupons"."max_earlier_orders" >= 1)
);
--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_once_per_account" ON "coupon_redemptions" USING btree ("coupon_id","user_id") WHERE "coupon_redemptions"."once_per_account";--> statement-breakpoint
CREATE INDEX "coupon_redemptions_user_id_idx" ON "coupon_redemptions" USING btree ("user_id");