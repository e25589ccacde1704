-- The catalogue query on the server (docs/decisions/139-catalogue-query.md): search text kept
-- normalised beside each product, the units sold per product, the words the search can correct a
-- typo to, and the indexes the query walks. Hand-written (drizzle-kit generate --custom): the
-- extensions, functions, generated columns and triggers are beyond what drizzle's schema says.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is STABLE (its dictionary could change); naming the dictionary makes it safe to mark
-- IMMUTABLE, which generated columns and indexes require. Every name is schema-qualified so a
-- pg_restore (empty search_path) can recompute it.
CREATE FUNCTION public.vastra_unaccent(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, t) $$;--> statement-breakpoint
-- Search normal form: lower case, no accents; apostrophes, dots and hyphens join ("T-Shirt" →
-- "tshirt", "U.S." → "us"); any other punctuation separates words; a crude singular drops a final
-- s from words of four letters or more ("tees" → "tee", "chinos" → "chino", not "dress").
-- Products and the shopper's text go through this one function.
CREATE FUNCTION public.vastra_search_norm(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT btrim(regexp_replace(regexp_replace(regexp_replace(
    lower(public.vastra_unaccent(t)),
    '[''’.-]+', '', 'g'),
    '[^a-z0-9]+', ' ', 'g'),
    '([a-z0-9]{2}[a-rt-z0-9])s\M', '\1', 'g')) $$;--> statement-breakpoint
-- The brand's words as shoppers write them: BRAND_LABELS of packages/shared/src/constants.ts
-- (a test holds the two together). A new brand needs a migration replacing this function and
-- `UPDATE products SET name = name` to recompute the stored columns.
CREATE FUNCTION public.vastra_brand_words(code text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.vastra_search_norm(CASE code
    WHEN 'USPOLO-ASSGN' THEN 'U.S. Polo Assn.'
    WHEN 'RARE-RABBIT' THEN 'Rare Rabbit'
    WHEN 'ALLEN SOLLY' THEN 'Allen Solly'
    WHEN 'SNITCH' THEN 'Snitch'
    WHEN 'TOMMY HILFIGER' THEN 'Tommy Hilfiger'
    WHEN 'SPYKAR' THEN 'Spykar'
    ELSE '' END) $$;--> statement-breakpoint
-- ' name words | description words | brand words ', each part padded with spaces so a word's
-- start is ' w'. The name leaves out its brand ("U.S. Polo Assn. Men Cotton Trousers" is
-- trousers; "polo" finds it only as a brand match, ranked below a Polo T-Shirt).
CREATE FUNCTION public.vastra_search_text(name text, description text, code text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT ' ' || btrim(replace(' ' || public.vastra_search_norm(name) || ' ',
      ' ' || public.vastra_brand_words(code) || ' ', ' '))
    || ' | ' || public.vastra_search_norm(description)
    || ' | ' || public.vastra_brand_words(code) || ' ' $$;--> statement-breakpoint
-- mrpDiscountPercent of packages/shared/src/pricing/money.ts: no MRP is no discount.
CREATE FUNCTION public.vastra_discount_percent(price integer, mrp integer) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN mrp IS NOT NULL AND mrp > price
    THEN round((mrp - price) * 100::numeric / mrp)::integer ELSE 0 END $$;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text
  GENERATED ALWAYS AS (public.vastra_search_text("name", "description", "sub_category")) STORED;--> statement-breakpoint
CREATE INDEX "products_search_text_trgm" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Each sort walks its own index (newest first breaks ties, then the id), shop products only.
CREATE INDEX "products_listing_price_asc_idx" ON "products" ("price", "created_at" DESC, "id" DESC) WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_listing_price_desc_idx" ON "products" ("price" DESC, "created_at" DESC, "id" DESC) WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_listing_new_idx" ON "products" ("created_at" DESC, "id" DESC) WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_listing_discount_idx" ON "products" (public.vastra_discount_percent("price", "mrp") DESC, "created_at" DESC, "id" DESC) WHERE "deleted_at" IS NULL;--> statement-breakpoint
-- The counts per category and brand read this alone (an index-only scan) when nothing is searched.
CREATE INDEX "products_listing_facets_idx" ON "products" ("category", "sub_category", "price") INCLUDE ("id") WHERE "deleted_at" IS NULL;--> statement-breakpoint
-- "Size in stock": available (on hand − held) > 0, found without reading the stock rows.
CREATE INDEX "product_stock_available_idx" ON "product_stock" ("product_id", "size") WHERE "on_hand" > "held";--> statement-breakpoint
-- Units sold per product over paid orders (docs/architecture.md §4.7), for the Popularity sort.
-- Kept by the triggers below in the transaction that makes an order paid, so it can neither miss
-- nor double-count a sale, whichever process or path (payment, the sweep, the admin's COD) pays it.
CREATE TABLE "product_sales" (
  "product_id" uuid PRIMARY KEY REFERENCES "products"("id") ON DELETE CASCADE,
  "units" integer NOT NULL DEFAULT 0,
  CONSTRAINT "product_sales_units_nonnegative" CHECK ("units" >= 0)
);--> statement-breakpoint
-- An order's lines by product, in product id order (two orders lock their rows in one order),
-- products that no longer exist left out. Fires only when payment turns true, so a replayed
-- confirmation (a conditional UPDATE that changes nothing) adds nothing.
CREATE FUNCTION public.vastra_count_units_sold() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO public.product_sales AS s (product_id, units)
  SELECT p.id, sum(l.quantity)
  FROM (
    SELECT (item->>'_id')::uuid AS product_id, coalesce((item->>'quantity')::integer, 0) AS quantity
    FROM jsonb_array_elements(NEW.items) AS item
    WHERE item->>'_id' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
  ) AS l
  JOIN public.products p ON p.id = l.product_id
  GROUP BY p.id
  HAVING sum(l.quantity) > 0
  ORDER BY p.id
  ON CONFLICT (product_id) DO UPDATE SET units = s.units + excluded.units;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_count_units_sold_paid_insert" AFTER INSERT ON "orders"
  FOR EACH ROW WHEN (NEW.payment) EXECUTE FUNCTION public.vastra_count_units_sold();--> statement-breakpoint
CREATE TRIGGER "orders_count_units_sold_paid_update" AFTER UPDATE OF "payment" ON "orders"
  FOR EACH ROW WHEN (NEW.payment AND NOT OLD.payment) EXECUTE FUNCTION public.vastra_count_units_sold();--> statement-breakpoint
INSERT INTO "product_sales" ("product_id", "units")
  SELECT p.id, sum((item->>'quantity')::integer)
  FROM "orders" o, jsonb_array_elements(o.items) AS item, "products" p
  WHERE o.payment AND p.id::text = item->>'_id'
  GROUP BY p.id
  HAVING sum((item->>'quantity')::integer) > 0;--> statement-breakpoint
-- The words products are written with (three letters or more, not bare numbers): a search word
-- no product has is corrected to one of these one typo away. Words are only ever added; one that
-- no product has any more finds nothing, as it would uncorrected.
CREATE TABLE "catalogue_words" ("word" text PRIMARY KEY);--> statement-breakpoint
CREATE INDEX "catalogue_words_prefix_idx" ON "catalogue_words" ("word" text_pattern_ops);--> statement-breakpoint
CREATE FUNCTION public.vastra_add_catalogue_words() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO public.catalogue_words (word)
  SELECT DISTINCT w
  FROM changed_products, regexp_split_to_table(changed_products.search_text, '[ |]+') AS w
  WHERE length(w) >= 3 AND w !~ '^[0-9]+$'
  ORDER BY w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_catalogue_words_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS changed_products
  FOR EACH STATEMENT EXECUTE FUNCTION public.vastra_add_catalogue_words();--> statement-breakpoint
CREATE TRIGGER "products_catalogue_words_update" AFTER UPDATE ON "products"
  REFERENCING NEW TABLE AS changed_products
  FOR EACH STATEMENT EXECUTE FUNCTION public.vastra_add_catalogue_words();--> statement-breakpoint
INSERT INTO "catalogue_words" ("word")
  SELECT DISTINCT w FROM "products", regexp_split_to_table("products"."search_text", '[ |]+') AS w
  WHERE length(w) >= 3 AND w !~ '^[0-9]+$'
  ON CONFLICT DO NOTHING;
