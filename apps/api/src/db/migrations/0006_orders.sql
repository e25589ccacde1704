CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"items" jsonb NOT NULL,
	"address" jsonb NOT NULL,
	"subtotal" integer NOT NULL,
	"delivery_fee" integer NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"amount" integer NOT NULL,
	"coupon_code" text,
	"payment_method" text NOT NULL,
	"payment" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"provider_order_id" text,
	"provider_payment_id" text,
	"paid_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_payment_method" CHECK ("orders"."payment_method" in ('cod', 'razorpay')),
	CONSTRAINT "orders_money_nonnegative" CHECK ("orders"."subtotal" >= 0 and "orders"."delivery_fee" >= 0 and "orders"."discount" >= 0 and "orders"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_provider_order_id_unique" ON "orders" USING btree ("provider_order_id");--> statement-breakpoint
CREATE INDEX "orders_unpaid_online_idx" ON "orders" USING btree ("created_at") WHERE "orders"."payment" = false and "orders"."payment_method" = 'razorpay' and "orders"."failed_at" is null;