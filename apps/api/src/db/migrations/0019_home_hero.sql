-- The owner's pick for the home page's hero (docs/decisions/147-owner-picks-the-home-hero.md).
CREATE TABLE "home_hero" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"kind" text NOT NULL,
	"product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"banner_image" text,
	"banner_alt" text,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_hero_one_row" CHECK ("home_hero"."id" = 1),
	CONSTRAINT "home_hero_kind_values" CHECK ("home_hero"."kind" in ('newest', 'products', 'banner')),
	CONSTRAINT "home_hero_banner_has_picture" CHECK ("home_hero"."kind" <> 'banner' or ("home_hero"."banner_image" is not null and "home_hero"."banner_alt" is not null))
);
