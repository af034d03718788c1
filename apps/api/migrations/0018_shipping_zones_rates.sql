CREATE TABLE "shipping_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"zone_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"free_over" numeric(12, 2),
	"min_days" integer NOT NULL,
	"max_days" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shipping_rates_price_check" CHECK ("shipping_rates"."price" >= 0),
	CONSTRAINT "shipping_rates_free_over_check" CHECK ("shipping_rates"."free_over" is null or "shipping_rates"."free_over" >= 0),
	CONSTRAINT "shipping_rates_days_check" CHECK ("shipping_rates"."min_days" >= 0 and "shipping_rates"."min_days" <= "shipping_rates"."max_days")
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_method" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "shipping" jsonb;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipping_rates_zone_idx" ON "shipping_rates" USING btree ("zone_id","sort");--> statement-breakpoint
-- hand-written: the default the spec states, free worldwide shipping, as one worldwide zone (no countries: every country no other zone lists) with one free rate; nothing changes until the owner sets rates.
INSERT INTO "shipping_zones" ("name", "countries", "sort") VALUES ('{"en":"Worldwide","fr":"Monde entier","ar":"جميع أنحاء العالم"}'::jsonb, '{}'::text[], 1000);--> statement-breakpoint
INSERT INTO "shipping_rates" ("zone_id", "name", "price", "free_over", "min_days", "max_days", "sort") SELECT "id", '{"en":"Free worldwide shipping","fr":"Livraison offerte dans le monde entier","ar":"شحن مجاني إلى جميع أنحاء العالم"}'::jsonb, 0, NULL, 2, 10, 0 FROM "shipping_zones";
