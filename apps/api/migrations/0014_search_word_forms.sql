-- Embroidery is one thing to a shopper whatever the word's form (issue 17): the French noun and participle
-- (broderie, brodée), the English (embroidery, embroidered) and the Arabic (تطريز, مطرزة, طرز) each meet their
-- own. The word forms gain them; the products' words and the synonyms' stems are computed again with them.
-- The search matches in memory now (docs/decisions/020-search.md): no query reads search_words by trigram, and
-- keeping that GIN index was most of the cost of indexing products (the demo seed 3.9 s, 0.9 s without it).
DROP INDEX IF EXISTS "search_words_stem_trgm_idx";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_word_form(w text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
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
    WHEN 'broderie' THEN 'brode'
    WHEN 'broderies' THEN 'brode'
    WHEN 'embroidery' THEN 'embroider'
    WHEN 'embroideries' THEN 'embroider'
    WHEN 'embroidered' THEN 'embroider'
    WHEN 'تطريز' THEN 'طرز'
    WHEN 'تطريزات' THEN 'طرز'
    WHEN 'مطرز' THEN 'طرز'
    WHEN 'مطرزه' THEN 'طرز'
    WHEN 'مطرزات' THEN 'طرز'
    WHEN 'women' THEN 'woman'
    WHEN 'womens' THEN 'woman'
    WHEN 'men' THEN 'man'
    WHEN 'mens' THEN 'man'
  END
$$;
--> statement-breakpoint
SELECT search_index_products(ARRAY(SELECT id FROM products));
--> statement-breakpoint
UPDATE search_synonyms SET words = words;
