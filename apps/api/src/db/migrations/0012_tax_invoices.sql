CREATE TABLE "tax_document_counters" (
	"kind" text NOT NULL,
	"financial_year" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "tax_document_counters_kind_financial_year_pk" PRIMARY KEY("kind","financial_year")
);
--> statement-breakpoint
CREATE TABLE "tax_document_lines" (
	"document_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"description" text NOT NULL,
	"hsn" text NOT NULL,
	"quantity" integer NOT NULL,
	"rate_percent" integer NOT NULL,
	"taxable_paise" integer NOT NULL,
	"cgst_paise" integer NOT NULL,
	"sgst_paise" integer NOT NULL,
	"igst_paise" integer NOT NULL,
	"total_paise" integer NOT NULL,
	CONSTRAINT "tax_document_lines_document_id_line_no_pk" PRIMARY KEY("document_id","line_no"),
	CONSTRAINT "tax_document_lines_add_up" CHECK ("tax_document_lines"."total_paise" = "tax_document_lines"."taxable_paise" + "tax_document_lines"."cgst_paise" + "tax_document_lines"."sgst_paise" + "tax_document_lines"."igst_paise")
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"invoice_id" uuid,
	"refund_id" uuid,
	"issued_at" timestamp with time zone NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"place_of_supply" text NOT NULL,
	"taxable_paise" integer NOT NULL,
	"cgst_paise" integer NOT NULL,
	"sgst_paise" integer NOT NULL,
	"igst_paise" integer NOT NULL,
	"total_paise" integer NOT NULL,
	CONSTRAINT "tax_documents_kind_known" CHECK ("tax_documents"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "tax_documents_credit_note_refers" CHECK (("tax_documents"."kind" = 'invoice') = ("tax_documents"."invoice_id" is null)),
	CONSTRAINT "tax_documents_amounts_add_up" CHECK ("tax_documents"."taxable_paise" >= 0 and "tax_documents"."cgst_paise" >= 0 and "tax_documents"."sgst_paise" >= 0 and "tax_documents"."igst_paise" >= 0 and "tax_documents"."total_paise" = "tax_documents"."taxable_paise" + "tax_documents"."cgst_paise" + "tax_documents"."sgst_paise" + "tax_documents"."igst_paise")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "mrp" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn" text;--> statement-breakpoint
-- Products from before: the HSN of their category (HSN_BY_CATEGORY); the demo catalogue's MRP is
-- the specification's price / 0.65, rounded; a product the owner added keeps no MRP.
UPDATE "products" SET "hsn" = CASE "category" WHEN 'SHIRTS' THEN '620520' WHEN 'T-SHIRTS' THEN '610910' ELSE '620342' END;--> statement-breakpoint
UPDATE "products" SET "mrp" = round("price" / 0.65) WHERE "seed_key" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "hsn" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_document_lines" ADD CONSTRAINT "tax_document_lines_document_id_tax_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."tax_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_invoice_id_tax_documents_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."tax_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_number_unique" ON "tax_documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_sequence_unique" ON "tax_documents" USING btree ("kind","financial_year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_one_invoice_per_order" ON "tax_documents" USING btree ("order_id") WHERE "tax_documents"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_refund_unique" ON "tax_documents" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "tax_documents_issued_idx" ON "tax_documents" USING btree ("issued_at");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_mrp_at_least_price" CHECK ("products"."mrp" is null or "products"."mrp" >= "products"."price");