ALTER TABLE "product_images" ADD COLUMN "color" text;--> statement-breakpoint
ALTER TABLE "exchange_holds" ADD COLUMN "color" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_stock" ADD COLUMN "color" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_holds" ADD COLUMN "color" text DEFAULT '' NOT NULL;--> statement-breakpoint
DROP INDEX "exchange_holds_product_idx";--> statement-breakpoint
ALTER TABLE "product_stock" DROP CONSTRAINT "product_stock_product_id_size_pk";--> statement-breakpoint
ALTER TABLE "stock_holds" DROP CONSTRAINT "stock_holds_payment_id_product_id_size_pk";--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_product_id_color_size_pk" PRIMARY KEY("product_id","color","size");--> statement-breakpoint
ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_payment_id_product_id_color_size_pk" PRIMARY KEY("payment_id","product_id","color","size");--> statement-breakpoint
CREATE INDEX "exchange_holds_product_idx" ON "exchange_holds" USING btree ("product_id","color","size");--> statement-breakpoint
-- hand-written: drizzle-kit put the new primary keys before the columns they name; the ADD COLUMNs were moved to
-- the top of this file by hand (the statements themselves are drizzle-kit's).
-- hand-written: the data move of the upgrade to counts per colour × size (README, Upgrading). Today's per-size
-- counts, payments' holds and exchanges' holds go to the product's FIRST colour (product_colors order); '' stays
-- for products without colours.
UPDATE "product_stock" AS ps SET "color" = fc.key
  FROM (SELECT DISTINCT ON (pc.product_id) pc.product_id, c.key FROM "product_colors" pc
          JOIN "colors" c ON c.id = pc.color_id ORDER BY pc.product_id, pc.sort_order, pc.color_id) AS fc
  WHERE fc.product_id = ps.product_id AND ps."color" = '';--> statement-breakpoint
UPDATE "stock_holds" AS h SET "color" = fc.key
  FROM (SELECT DISTINCT ON (pc.product_id) pc.product_id, c.key FROM "product_colors" pc
          JOIN "colors" c ON c.id = pc.color_id ORDER BY pc.product_id, pc.sort_order, pc.color_id) AS fc
  WHERE fc.product_id = h.product_id AND h."color" = '';--> statement-breakpoint
UPDATE "exchange_holds" AS h SET "color" = fc.key
  FROM (SELECT DISTINCT ON (pc.product_id) pc.product_id, c.key FROM "product_colors" pc
          JOIN "colors" c ON c.id = pc.color_id ORDER BY pc.product_id, pc.sort_order, pc.color_id) AS fc
  WHERE fc.product_id = h.product_id AND h."color" = '';--> statement-breakpoint
-- hand-written: every variant a product comes in (its colours × its sizes, or '' × its sizes) has its row, the
-- ones that had no count with 0 pieces: a variant without a row is not offered.
INSERT INTO "product_stock" ("product_id", "color", "size", "stock", "reserved")
  SELECT p.id, coalesce(c.key, ''), s.size, 0, 0
  FROM "products" p
  CROSS JOIN LATERAL unnest(p.sizes) AS s(size)
  LEFT JOIN "product_colors" pc ON pc.product_id = p.id
  LEFT JOIN "colors" c ON c.id = pc.color_id
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- hand-written: a change of a row's colour is a change of what shoppers see (migration 0010's trigger).
CREATE OR REPLACE FUNCTION notify_stock_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF stock_level(NEW.stock, NEW.reserved) <> 0 THEN
      PERFORM pg_notify('stock_changed', NEW.product_id::text);
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF stock_level(OLD.stock, OLD.reserved) <> 0 THEN
      PERFORM pg_notify('stock_changed', OLD.product_id::text);
    END IF;
  ELSIF stock_level(NEW.stock, NEW.reserved) <> stock_level(OLD.stock, OLD.reserved)
      OR NEW.product_id <> OLD.product_id OR NEW.size <> OLD.size OR NEW.color <> OLD.color THEN
    PERFORM pg_notify('stock_changed', OLD.product_id::text);
    PERFORM pg_notify('stock_changed', NEW.product_id::text);
  END IF;
  RETURN NULL;
END;
$$;
