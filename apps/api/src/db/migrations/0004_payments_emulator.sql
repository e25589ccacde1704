CREATE TABLE "razorpay_emulator_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"amount" integer NOT NULL,
	"amount_paid" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"receipt" text,
	"notes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "razorpay_emulator_orders_amount_positive" CHECK ("razorpay_emulator_orders"."amount" > 0),
	CONSTRAINT "razorpay_emulator_orders_status_known" CHECK ("razorpay_emulator_orders"."status" in ('created', 'attempted', 'paid'))
);
--> statement-breakpoint
CREATE TABLE "razorpay_emulator_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"method" text NOT NULL,
	"vpa" text,
	"card_last4" text,
	"card_network" text,
	"email" text,
	"contact" text,
	"error_code" text,
	"error_description" text,
	"error_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "razorpay_emulator_payments_status_known" CHECK ("razorpay_emulator_payments"."status" in ('captured', 'failed')),
	CONSTRAINT "razorpay_emulator_payments_method_known" CHECK ("razorpay_emulator_payments"."method" in ('card', 'upi'))
);
--> statement-breakpoint
ALTER TABLE "razorpay_emulator_payments" ADD CONSTRAINT "razorpay_emulator_payments_order_id_razorpay_emulator_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."razorpay_emulator_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "razorpay_emulator_payments_order_id_idx" ON "razorpay_emulator_payments" USING btree ("order_id");