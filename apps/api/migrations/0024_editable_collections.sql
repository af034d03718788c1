CREATE TYPE "public"."collection_kind" AS ENUM('category', 'curated');--> statement-breakpoint
CREATE TABLE "collection_products" (
	"collection_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "collection_products_collection_id_product_id_pk" PRIMARY KEY("collection_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "kind" "collection_kind" DEFAULT 'category' NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "seo_title" jsonb;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "seo_description" jsonb;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "image_widths" integer[];--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "image_aspect" integer;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seo_title" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seo_description" jsonb;--> statement-breakpoint
ALTER TABLE "collection_products" ADD CONSTRAINT "collection_products_collection_id_categories_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_products" ADD CONSTRAINT "collection_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_products_product_idx" ON "collection_products" USING btree ("product_id");--> statement-breakpoint
-- hand-written: a curated collection's pieces are part of the catalogue's answers: every instance drops its cache.
CREATE TRIGGER collection_products_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON collection_products FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
