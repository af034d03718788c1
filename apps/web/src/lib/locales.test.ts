import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, unknown>>(
  '../../public/locales/*/{common,cart,auth,account,product,checkout,legal,notFound,orders,admin}.json',
  {
    eager: true,
    import: 'default',
  },
);

function bundle(lng: string, ns: string) {
  const found = Object.entries(files).find(([path]) => path.endsWith(`/${lng}/${ns}.json`));
  if (!found) throw new Error(`missing ${lng}/${ns}.json`);
  return found[1];
}

/** Every leaf as `a.b.c` → text; plural forms folded into one key, languages having different forms. */
function leaves(value: unknown, prefix = '', out = new Map<string, string>()) {
  if (typeof value === 'string') out.set(prefix.replace(/_(zero|one|two|few|many|other)$/, ''), value);
  else if (Array.isArray(value)) value.forEach((v, i) => leaves(v, `${prefix}[${i}]`, out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

/** Words that are the same in English and French (names, brands). */
const SAME_IN_FRENCH =
  /^(Google|Apple|Facebook|Apple Pay|Total|Dar Lalla|Qatar|Oman|Canada|France|Caftans|FAQ|Menu|Contact|Profil|Message|Messages|Description|Collection|Collections|Date|E-mail|Pages|photo|Photos|Stock|Correction|Instagram|TikTok|WhatsApp|English|Français|العربية)$/;
/** Placeholders ({{name}}) and the units beside them are not words to translate. */
const words = (text: string) =>
  text
    .replace(/\{\{\w+\}\}/g, '')
    .replace(/[\s()%·:,.-]+/g, ' ')
    .trim();

describe('the shop texts exist in every language', () => {
  for (const ns of ['common', 'cart', 'auth', 'account', 'product', 'checkout', 'admin']) {
    const en = leaves(bundle('en', ns));
    for (const lng of ['fr', 'ar']) {
      it(`${lng}/${ns} has every key of en/${ns}, translated`, () => {
        const other = leaves(bundle(lng, ns));
        expect([...en.keys()].filter((k) => !other.has(k))).toEqual([]);
        expect([...other.keys()].filter((k) => !en.has(k))).toEqual([]);
        const untranslated = [...en].filter(([k, text]) => {
          const translated = other.get(k);
          if (translated !== text || words(text) === '') return false;
          if (lng === 'fr') return !SAME_IN_FRENCH.test(text) && !SAME_IN_FRENCH.test(words(text));
          return (
            /[A-Za-z]{3}/.test(text) && !/^(Google|Apple|Facebook|Apple Pay|English|Français)$/.test(text)
          );
        });
        expect(untranslated).toEqual([]);
      });
    }
  }
});
