CREATE TABLE "product_stock" (
	"product_id" uuid NOT NULL,
	"size" text NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_stock_product_id_size_pk" PRIMARY KEY("product_id","size"),
	CONSTRAINT "product_stock_on_hand_nonnegative" CHECK ("product_stock"."on_hand" >= 0),
	CONSTRAINT "product_stock_held_nonnegative" CHECK ("product_stock"."held" >= 0),
	CONSTRAINT "product_stock_held_within_on_hand" CHECK ("product_stock"."held" <= "product_stock"."on_hand")
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"size" text NOT NULL,
	"on_hand_change" integer NOT NULL,
	"held_change" integer NOT NULL,
	"reason" text NOT NULL,
	"order_id" uuid,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_reason_known" CHECK (reason in ('seed', 'admin', 'order_held', 'order_sold', 'hold_released', 'product_deleted'))
);
--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD COLUMN "state" text DEFAULT 'redeemed' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_state" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_product_created_idx" ON "stock_movements" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_order_id_idx" ON "coupon_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_open_online_per_user" ON "orders" USING btree ("user_id") WHERE "orders"."hold_state" = 'held' and "orders"."payment_method" = 'razorpay';--> statement-breakpoint
CREATE INDEX "orders_held_expiry_idx" ON "orders" USING btree ("hold_expires_at") WHERE "orders"."hold_state" = 'held';--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_state_known" CHECK ("coupon_redemptions"."state" in ('held', 'redeemed'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_hold_state_known" CHECK ("orders"."hold_state" is null or "orders"."hold_state" in ('held', 'taken', 'released'));