-- Stock changes at every checkout (a hold, its release, the sale), so it must not flush every catalogue answer
-- the way migration 0001's 'catalog_changed' does. Shoppers see per size only "in stock" and, at 3 or fewer,
-- how many are left: a change that leaves that view as it was (6 -> 5 pieces) announces nothing, and one that
-- changes it announces the product's id on 'stock_changed', so each instance drops only the answers and pages
-- that show that product (docs/decisions/017-stock-reservations.md). The level below is that view: 0, 1, 2, 3,
-- or 4 for "more than 3"; a size without a row has level 0.
CREATE FUNCTION stock_level(stock integer, reserved integer) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT least(greatest(stock - reserved, 0), 4)
$$;
--> statement-breakpoint
CREATE FUNCTION notify_stock_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
      OR NEW.product_id <> OLD.product_id OR NEW.size <> OLD.size THEN
    PERFORM pg_notify('stock_changed', OLD.product_id::text);
    PERFORM pg_notify('stock_changed', NEW.product_id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_stock_changed AFTER INSERT OR UPDATE OR DELETE ON product_stock FOR EACH ROW EXECUTE FUNCTION notify_stock_changed();
--> statement-breakpoint
-- A truncation names no product: an empty payload asks every instance to drop everything stock touches.
CREATE FUNCTION notify_stock_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('stock_changed', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_stock_truncated AFTER TRUNCATE ON product_stock FOR EACH STATEMENT EXECUTE FUNCTION notify_stock_truncated();
