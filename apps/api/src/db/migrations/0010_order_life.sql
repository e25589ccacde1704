CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"return_id" uuid,
	"amount_paise" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"method" text NOT NULL,
	"reason" text NOT NULL,
	"provider_payment_id" text,
	"provider_refund_id" text,
	"payout_reference" text,
	"upi_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_paise" > 0),
	CONSTRAINT "refunds_status_known" CHECK (status in ('pending', 'processed', 'failed')),
	CONSTRAINT "refunds_method_known" CHECK (method in ('razorpay', 'upi_payout')),
	CONSTRAINT "refunds_reason_known" CHECK (reason in ('cancelled', 'returned', 'unfulfillable'))
);
--> statement-breakpoint
CREATE TABLE "return_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"comment" text,
	"lines" jsonb NOT NULL,
	"refund_paise" integer DEFAULT 0 NOT NULL,
	"upi_id" text,
	"admin_note" text,
	"exchange_courier" text,
	"exchange_tracking_number" text,
	"exchange_shipped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_requests_kind_known" CHECK (kind in ('refund', 'exchange')),
	CONSTRAINT "return_requests_state_known" CHECK (state in ('requested', 'approved', 'rejected', 'picked_up', 'received', 'refunded', 'exchange_shipped', 'exchange_delivered')),
	CONSTRAINT "return_requests_refund_nonnegative" CHECK ("return_requests"."refund_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"actor_label" text,
	"kind" text NOT NULL,
	"subject_id" uuid,
	"from_state" text,
	"to_state" text NOT NULL,
	"note" text,
	CONSTRAINT "order_events_actor_known" CHECK ("order_events"."actor" in ('shopper', 'admin', 'system')),
	CONSTRAINT "order_events_kind_known" CHECK ("order_events"."kind" in ('status', 'payment', 'return', 'refund'))
);
--> statement-breakpoint
CREATE TABLE "razorpay_emulator_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"idempotency_key" text,
	"notes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"receipt" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "razorpay_emulator_refunds_amount_positive" CHECK ("razorpay_emulator_refunds"."amount" > 0),
	CONSTRAINT "razorpay_emulator_refunds_status_known" CHECK ("razorpay_emulator_refunds"."status" in ('pending', 'processed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "razorpay_emulator_webhooks" (
	"id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"body" text NOT NULL,
	"signature" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"abandoned_at" timestamp with time zone,
	"last_outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "razorpay_emulator_payments" DROP CONSTRAINT "razorpay_emulator_payments_status_known";--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_reason_known";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_number" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "orders_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 100001 CACHE 1);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_state" text DEFAULT 'unpaid' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_with" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "courier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "razorpay_emulator_payments" ADD COLUMN "amount_refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_return_id_return_requests_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."return_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "razorpay_emulator_refunds" ADD CONSTRAINT "razorpay_emulator_refunds_payment_id_razorpay_emulator_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."razorpay_emulator_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_status_idx" ON "refunds" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_id_unique" ON "refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE INDEX "return_requests_order_idx" ON "return_requests" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "return_requests_state_idx" ON "return_requests" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "razorpay_emulator_refunds_payment_idx" ON "razorpay_emulator_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "razorpay_emulator_refunds_idempotency_unique" ON "razorpay_emulator_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "razorpay_emulator_webhooks_due_idx" ON "razorpay_emulator_webhooks" USING btree ("next_attempt_at") WHERE "razorpay_emulator_webhooks"."delivered_at" is null and "razorpay_emulator_webhooks"."abandoned_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_number_unique" ON "orders" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "orders_refund_due_idx" ON "orders" USING btree ("created_at") WHERE "orders"."payment_state" = 'refund_due';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_state_known" CHECK (payment_state in ('unpaid', 'paid', 'partially_refunded', 'refunded', 'failed', 'refund_due'));--> statement-breakpoint
ALTER TABLE "razorpay_emulator_payments" ADD CONSTRAINT "razorpay_emulator_payments_refund_within_amount" CHECK ("razorpay_emulator_payments"."amount_refunded" >= 0 and "razorpay_emulator_payments"."amount_refunded" <= "razorpay_emulator_payments"."amount");--> statement-breakpoint
ALTER TABLE "razorpay_emulator_payments" ADD CONSTRAINT "razorpay_emulator_payments_status_known" CHECK ("razorpay_emulator_payments"."status" in ('captured', 'failed', 'refunded'));--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_reason_known" CHECK (reason in ('seed', 'admin', 'order_held', 'order_sold', 'hold_released', 'product_deleted', 'order_cancelled', 'exchange_held', 'exchange_sent', 'exchange_released', 'return_restocked'));