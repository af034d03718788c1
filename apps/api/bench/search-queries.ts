/**
 * The queries bench/search.ts asks (and test/search-text-sql.test.ts folds both ways): words of the catalogue
 * in three languages, typos, prefixes as typed, the trade's spellings, colours, several words.
 */
import * as demo from '@boutique/demo';

/** A small deterministic generator, so that every run asks the same queries. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** `count` varied queries a shopper might type, the same on every run. */
export function benchQueries(count: number): string[] {
  const next = random(17);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const words = [
    ...new Set(
      demo.products.flatMap((p) =>
        (['en', 'fr', 'ar'] as const).flatMap((l) =>
          `${p.name[l]} ${p.description[l]}`.split(/[^\p{L}]+/u).filter((w) => w.length >= 3),
        ),
      ),
    ),
  ];
  const colours = demo.colors.flatMap((c) => [c.name.en, c.name.fr, c.name.ar]);
  const trade = [
    'kaftan',
    'qaftan',
    'jelaba',
    'jilbab',
    'djellaba',
    'takshita',
    'قفاطين',
    'جلابية',
    'جلاليب',
  ];
  const typo = (w: string) => {
    const chars = [...w];
    const i = 1 + Math.floor(next() * (chars.length - 1));
    if (next() < 0.5) chars.splice(i, 1);
    else [chars[i - 1], chars[i]] = [chars[i]!, chars[i - 1]!];
    return chars.join('');
  };
  const out = new Set<string>();
  while (out.size < count) {
    const kind = next();
    const w = pick(words);
    if (kind < 0.3) out.add(w);
    else if (kind < 0.5) out.add(typo(w));
    else if (kind < 0.7) out.add([...w].slice(0, 2 + Math.floor(next() * 4)).join(''));
    else if (kind < 0.8) out.add(`${pick(colours)} ${pick(trade)}`);
    else if (kind < 0.9) out.add(`${w} ${pick(words)}`);
    else out.add(`${pick(trade)} ${typo(pick(words))}`);
  }
  return [...out];
}
