-- The money of orders placed before the order-life model (docs/decisions/118-order-life.md).
UPDATE "orders" SET "payment_state" = CASE WHEN "refund_due" THEN 'refund_due' WHEN "payment" THEN 'paid' WHEN "payment_method" = 'razorpay' AND "failed_at" IS NOT NULL THEN 'failed' ELSE 'unpaid' END;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "refund_due";