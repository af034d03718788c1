-- Search (docs/decisions/020-search.md). Matching happens in SQL so that it is the same on PGlite and
-- PostgreSQL, and so that whatever writes a product (seed, back office, a command, plain SQL) leaves it
-- findable at once: triggers keep `search_words` (a product's folded words per language, with their stems)
-- up to date in the same transaction.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"words" text[] NOT NULL,
	"stems" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"product_id" integer NOT NULL,
	"lang" text NOT NULL,
	"field" smallint NOT NULL,
	"word" text NOT NULL,
	"stem" text NOT NULL,
	CONSTRAINT "search_words_product_id_lang_word_pk" PRIMARY KEY("product_id","lang","word")
);
--> statement-breakpoint
ALTER TABLE "colors" ADD COLUMN "family" text DEFAULT 'grey' NOT NULL;--> statement-breakpoint
ALTER TABLE "search_words" ADD CONSTRAINT "search_words_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_words_stem_idx" ON "search_words" USING btree ("stem" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_words_word_idx" ON "search_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_words_stem_trgm_idx" ON "search_words" USING gin ("stem" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_name";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_body";
--> statement-breakpoint
-- Irregular forms of the catalogue's words, folded: Arabic broken plurals and feminine colour adjectives, French
-- feminine adjectives, English irregular plurals. The base form, or null.
CREATE FUNCTION search_word_form(w text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE w
    WHEN 'قفاطين' THEN 'قفطان'
    WHEN 'جلاليب' THEN 'جلابه'
    WHEN 'جلابيب' THEN 'جلباب'
    WHEN 'تكاشط' THEN 'تكشيطه'
    WHEN 'تكاشيط' THEN 'تكشيطه'
    WHEN 'فساتين' THEN 'فستان'
    WHEN 'اثواب' THEN 'ثوب'
    WHEN 'ازرار' THEN 'زر'
    WHEN 'الوان' THEN 'لون'
    WHEN 'اقمشه' THEN 'قماش'
    WHEN 'خيوط' THEN 'خيط'
    WHEN 'اكمام' THEN 'كم'
    WHEN 'احزمه' THEN 'حزام'
    WHEN 'اعراس' THEN 'عرس'
    WHEN 'مناسبات' THEN 'مناسبه'
    WHEN 'حمراء' THEN 'احمر'
    WHEN 'حمر' THEN 'احمر'
    WHEN 'صفراء' THEN 'اصفر'
    WHEN 'صفر' THEN 'اصفر'
    WHEN 'خضراء' THEN 'اخضر'
    WHEN 'خضر' THEN 'اخضر'
    WHEN 'زرقاء' THEN 'ازرق'
    WHEN 'زرق' THEN 'ازرق'
    WHEN 'بيضاء' THEN 'ابيض'
    WHEN 'بيض' THEN 'ابيض'
    WHEN 'سوداء' THEN 'اسود'
    WHEN 'سود' THEN 'اسود'
    WHEN 'verte' THEN 'vert'
    WHEN 'vertes' THEN 'vert'
    WHEN 'noire' THEN 'noir'
    WHEN 'noires' THEN 'noir'
    WHEN 'grise' THEN 'gris'
    WHEN 'grises' THEN 'gris'
    WHEN 'bleue' THEN 'bleu'
    WHEN 'bleues' THEN 'bleu'
    WHEN 'blanche' THEN 'blanc'
    WHEN 'blanches' THEN 'blanc'
    WHEN 'violette' THEN 'violet'
    WHEN 'violettes' THEN 'violet'
    WHEN 'brune' THEN 'brun'
    WHEN 'women' THEN 'woman'
    WHEN 'womens' THEN 'woman'
    WHEN 'men' THEN 'man'
    WHEN 'mens' THEN 'man'
  END
$$;
--> statement-breakpoint
-- The colour families, named in three languages, with the swatch a filter shows.
CREATE VIEW color_families (key, name, hex, sort_order) AS VALUES
  ('red', '{"en": "Red", "fr": "Rouge", "ar": "أحمر"}'::jsonb, '#b3261e', 1),
  ('pink', '{"en": "Pink", "fr": "Rose", "ar": "وردي"}'::jsonb, '#e8a0b4', 2),
  ('orange', '{"en": "Orange", "fr": "Orange", "ar": "برتقالي"}'::jsonb, '#e07b24', 3),
  ('yellow', '{"en": "Yellow", "fr": "Jaune", "ar": "أصفر"}'::jsonb, '#e6c229', 4),
  ('green', '{"en": "Green", "fr": "Vert", "ar": "أخضر"}'::jsonb, '#2e7d4f', 5),
  ('blue', '{"en": "Blue", "fr": "Bleu", "ar": "أزرق"}'::jsonb, '#2a5bbf', 6),
  ('purple', '{"en": "Purple", "fr": "Violet", "ar": "بنفسجي"}'::jsonb, '#7b4fa8', 7),
  ('brown', '{"en": "Brown", "fr": "Marron", "ar": "بني"}'::jsonb, '#7a5230', 8),
  ('beige', '{"en": "Beige", "fr": "Beige", "ar": "بيج"}'::jsonb, '#e3d3b4', 9),
  ('white', '{"en": "White", "fr": "Blanc", "ar": "أبيض"}'::jsonb, '#f7f4ee', 10),
  ('grey', '{"en": "Grey", "fr": "Gris", "ar": "رمادي"}'::jsonb, '#9a9a9a', 11),
  ('black', '{"en": "Black", "fr": "Noir", "ar": "أسود"}'::jsonb, '#1a1a1a', 12);
--> statement-breakpoint
-- Folds case, accents and Arabic spelling variants: Latin accents (NFKD then marks removed), Arabic
-- diacritics, tatweel and hamza carriers (أ إ آ ؤ ئ decompose to their base letter), alef wasla, taa marbuta
-- to ha, alef maqsura to ya, Persian kaf and ya, Arabic-Indic digits; anything else but letters and digits
-- becomes one space.
CREATE FUNCTION search_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(
    translate(
      replace(replace(replace(
        lower(regexp_replace(normalize(coalesce(t, ''), NFKD), '[\u0300-\u036f\u064b-\u065f\u0670\u0640]', '', 'g')),
        'œ', 'oe'), 'æ', 'ae'), 'ß', 'ss'),
      'ٱةىکی٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹',
      'اهيكي01234567890123456789'),
    '[^0-9a-z\u00e0-\u024f\u0621-\u063a\u0641-\u064a]+', ' ', 'g'))
$$;
--> statement-breakpoint
-- The stem of a folded word, so that word forms meet: English and French plurals (caftans, robes, dresses,
-- bijoux, chevaux), French feminine -ée, the Arabic article and attached prepositions (القفطان, بالذهب),
-- Arabic sound plurals, feminine and nisba endings (جلابة, جلابية -> جلاب), and the irregular forms listed in
-- search_word_form (broken plurals قفاطين -> قفطان, colour feminines خضراء -> أخضر, verte -> vert).
CREATE FUNCTION search_stem(w text) RETURNS text LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  s text := w;
  base text;
BEGIN
  base := search_word_form(s);
  IF base IS NOT NULL THEN
    s := base;
  ELSIF s ~ '[\u0621-\u064a]' THEN
    IF length(s) > 4 AND s ~ '^(وال|بال|كال|فال)' THEN
      s := substr(s, 4);
    ELSIF length(s) > 3 AND s ~ '^(ال|لل)' THEN
      s := substr(s, 3);
    END IF;
    s := coalesce(search_word_form(s), s);
  END IF;
  IF s ~ '[\u0621-\u064a]' THEN
    IF length(s) > 4 THEN s := regexp_replace(s, '(ات|ون|ين|يه)$', ''); END IF;
    IF length(s) > 3 THEN s := regexp_replace(s, '[هي]$', ''); END IF;
    RETURN s;
  END IF;
  IF length(s) <= 3 THEN RETURN s; END IF;
  IF s ~ '(ss|sh|ch|x|z)es$' THEN s := left(s, -2);
  ELSIF s ~ 'ies$' AND length(s) > 4 THEN s := left(s, -3) || 'y';
  ELSIF s ~ 'aux$' THEN s := left(s, -3) || 'al';
  ELSIF s ~ '(eau|eu|ou)x$' THEN s := left(s, -1);
  ELSIF s ~ '[^siu]s$' THEN s := left(s, -1);
  END IF;
  IF length(s) > 3 AND s ~ 'ee$' THEN s := left(s, -1); END IF;
  RETURN s;
END
$$;
--> statement-breakpoint
-- The family of a colour from its hex value (hue, saturation, lightness), e.g. emerald and sage are green.
CREATE FUNCTION color_family(hex text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  r float8 := ('x' || substr(hex, 2, 2))::bit(8)::int / 255.0;
  g float8 := ('x' || substr(hex, 4, 2))::bit(8)::int / 255.0;
  b float8 := ('x' || substr(hex, 6, 2))::bit(8)::int / 255.0;
  mx float8 := greatest(r, g, b);
  mn float8 := least(r, g, b);
  l float8 := (mx + mn) / 2;
  s float8 := 0;
  h float8 := 0;
BEGIN
  IF mx > mn THEN
    s := (mx - mn) / (1 - abs(2 * l - 1));
    IF mx = r THEN h := 60 * (((g - b) / (mx - mn))::numeric % 6);
    ELSIF mx = g THEN h := 60 * ((b - r) / (mx - mn) + 2);
    ELSE h := 60 * ((r - g) / (mx - mn) + 4);
    END IF;
    IF h < 0 THEN h := h + 360; END IF;
  END IF;
  IF l < 0.12 THEN RETURN 'black'; END IF;
  IF l > 0.9 AND s < 0.8 THEN RETURN 'white'; END IF;
  IF s < 0.1 THEN RETURN CASE WHEN l < 0.2 THEN 'black' WHEN l > 0.85 THEN 'white' ELSE 'grey' END; END IF;
  IF h < 12 OR h >= 340 THEN RETURN CASE WHEN l > 0.65 THEN 'pink' ELSE 'red' END; END IF;
  IF h < 45 THEN
    IF l > 0.7 THEN RETURN CASE WHEN h < 25 THEN 'pink' ELSE 'beige' END; END IF;
    IF s < 0.45 OR l < 0.35 THEN RETURN CASE WHEN h < 25 AND l > 0.55 THEN 'pink' ELSE 'brown' END; END IF;
    RETURN CASE WHEN h < 38 THEN 'orange' ELSE 'yellow' END;
  END IF;
  IF h < 65 THEN RETURN CASE WHEN l > 0.75 THEN 'beige' WHEN l < 0.3 THEN 'green' ELSE 'yellow' END; END IF;
  IF h < 170 THEN RETURN 'green'; END IF;
  IF h < 255 THEN RETURN 'blue'; END IF;
  IF h < 290 THEN RETURN 'purple'; END IF;
  RETURN CASE WHEN l < 0.35 THEN 'purple' ELSE 'pink' END;
END
$$;
--> statement-breakpoint
-- The products' words, per language, each kept once with its best field: 1 name, 2 collection and colours
-- (their names and families), 3 description and details. Set-based: a statement that writes many products
-- (the seed) indexes them in one go, each distinct word stemmed once.
CREATE FUNCTION search_index_products(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_words WHERE product_id = ANY(ids);
  WITH words AS (
    SELECT t.product_id, t.lang, min(t.field) AS field, w.word
    FROM (
      SELECT p.id AS product_id, l.lang, f.field, f.txt
      FROM products p
      CROSS JOIN (VALUES ('en'), ('fr'), ('ar')) l(lang)
      CROSS JOIN LATERAL (VALUES
        (1, p.name ->> l.lang),
        (3, p.description ->> l.lang),
        (3, (SELECT string_agg(d ->> l.lang, ' ') FROM jsonb_array_elements(p.details) d))
      ) f(field, txt)
      WHERE p.id = ANY(ids)
      UNION ALL
      SELECT p.id, l.lang, 2, c.name ->> l.lang
      FROM products p
      JOIN categories c ON c.id = p.category_id
      CROSS JOIN (VALUES ('en'), ('fr'), ('ar')) l(lang)
      WHERE p.id = ANY(ids)
      UNION ALL
      SELECT pc.product_id, l.lang, 2, concat_ws(' ', co.name ->> l.lang, cf.name ->> l.lang)
      FROM product_colors pc
      JOIN colors co ON co.id = pc.color_id
      LEFT JOIN color_families cf ON cf.key = co.family
      CROSS JOIN (VALUES ('en'), ('fr'), ('ar')) l(lang)
      WHERE pc.product_id = ANY(ids)
    ) t
    CROSS JOIN LATERAL regexp_split_to_table(search_fold(t.txt), ' ') w(word)
    WHERE w.word <> ''
    GROUP BY t.product_id, t.lang, w.word
  ), stems AS MATERIALIZED (
    SELECT d.word, search_stem(d.word) AS stem FROM (SELECT DISTINCT word FROM words) d
  )
  INSERT INTO search_words (product_id, lang, field, word, stem)
  SELECT w.product_id, w.lang, w.field, w.word, s.stem FROM words w JOIN stems s ON s.word = w.word;
END
$$;
--> statement-breakpoint
CREATE FUNCTION search_products_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_index_products(ARRAY(SELECT id FROM changed));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_insert AFTER INSERT ON products REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_products_added();
--> statement-breakpoint
CREATE FUNCTION search_product_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_index_products(ARRAY[NEW.id]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_update AFTER UPDATE OF name, description, details, category_id ON products FOR EACH ROW EXECUTE FUNCTION search_product_changed();
--> statement-breakpoint
-- Once per statement (the seed adds a hundred colours in one), for the products whose colours changed. Added
-- colours only add their words; a removed or changed one makes its products indexed again.
CREATE FUNCTION search_product_colors_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_words (product_id, lang, field, word, stem)
    SELECT g.product_id, g.lang, 2, g.word, search_stem(g.word)
    FROM (
      SELECT c.product_id, l.lang, w.word
      FROM (SELECT DISTINCT product_id, color_id FROM changed) c
      JOIN colors co ON co.id = c.color_id
      LEFT JOIN color_families cf ON cf.key = co.family
      CROSS JOIN (VALUES ('en'), ('fr'), ('ar')) l(lang)
      CROSS JOIN LATERAL regexp_split_to_table(search_fold(concat_ws(' ', co.name ->> l.lang, cf.name ->> l.lang)), ' ') w(word)
      WHERE w.word <> ''
      GROUP BY c.product_id, l.lang, w.word
    ) g
    ON CONFLICT (product_id, lang, word) DO UPDATE SET field = least(search_words.field, excluded.field);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM search_index_products(ARRAY(SELECT product_id FROM old_rows UNION SELECT product_id FROM new_rows));
  ELSE
    -- Rows deleted with their product have no product left to index: the ids of none index nothing.
    PERFORM search_index_products(ARRAY(SELECT DISTINCT c.product_id FROM changed c
      WHERE EXISTS (SELECT 1 FROM products p WHERE p.id = c.product_id)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_colors_search_insert AFTER INSERT ON product_colors REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_product_colors_changed();
--> statement-breakpoint
CREATE TRIGGER product_colors_search_delete AFTER DELETE ON product_colors REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_product_colors_changed();
--> statement-breakpoint
CREATE TRIGGER product_colors_search_update AFTER UPDATE ON product_colors REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_product_colors_changed();
--> statement-breakpoint
-- A colour's family follows its hex value when it is added or its value changes.
CREATE FUNCTION colors_family() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.family := color_family(NEW.hex);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER colors_family BEFORE INSERT OR UPDATE OF hex ON colors FOR EACH ROW EXECUTE FUNCTION colors_family();
--> statement-breakpoint
CREATE FUNCTION search_colors_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_index_products(ARRAY(SELECT pc.product_id FROM product_colors pc WHERE pc.color_id = NEW.id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER colors_search AFTER UPDATE OF name, hex, family ON colors FOR EACH ROW EXECUTE FUNCTION search_colors_changed();
--> statement-breakpoint
CREATE FUNCTION search_categories_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_index_products(ARRAY(SELECT p.id FROM products p WHERE p.category_id = NEW.id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER categories_search AFTER UPDATE OF name ON categories FOR EACH ROW EXECUTE FUNCTION search_categories_changed();
--> statement-breakpoint
-- A synonym group is kept folded, each word once, with the stems the search compares.
CREATE FUNCTION search_synonyms_fold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.words := ARRAY(SELECT DISTINCT search_fold(w) FROM unnest(NEW.words) w WHERE search_fold(w) <> '' ORDER BY 1);
  NEW.stems := ARRAY(SELECT DISTINCT search_stem(w) FROM unnest(NEW.words) w ORDER BY 1);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_synonyms_fold BEFORE INSERT OR UPDATE ON search_synonyms FOR EACH ROW EXECUTE FUNCTION search_synonyms_fold();
--> statement-breakpoint
-- Cached search answers depend on the synonyms: every instance drops them (migration 0001's channel).
CREATE TRIGGER search_synonyms_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_synonyms FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
UPDATE colors SET family = color_family(hex);
--> statement-breakpoint
SELECT search_index_products(ARRAY(SELECT id FROM products));
