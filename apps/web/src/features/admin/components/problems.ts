import type { TFunction } from 'i18next';
import { get } from 'react-hook-form';

/**
 * The shared schemas and the API word their refusals in English (contracts); the back office says them in the
 * owner's language. A message this does not know is shown as the server wrote it.
 */
const KINDS: [RegExp, string][] = [
  // Stock adjustments (named groups become the text's values).
  [
    /(?<held>\d+) pieces? of size (?<size>\w+) (?:is|are) held by payments under way: the count \((?<count>\d+)\) may not go below \d+, so the change may be at most (?<floor>-?\d+)/i,
    'held',
  ],
  [
    /There (?:is|are) only (?<count>\d+) pieces? of size (?<size>\w+): the change may not be below (?<floor>-?\d+)/i,
    'fewer',
  ],
  [/change may not be 0/i, 'zero'],
  [/received or returned are added/i, 'mustAdd'],
  [/Damaged pieces are taken away/i, 'mustTake'],
  [/only through stock adjustments/i, 'byAdjustment'],
  [/whole number of pieces/i, 'change'],
  [/is not a JPEG, PNG, WebP or AVIF photo/i, 'notPhoto'],
  [/is larger than (\d+) MB/i, 'fileTooBig'],
  [/is larger than (\d+) pixels/i, 'tooManyPixels'],
  [/could not be read as a picture/i, 'unreadable'],
  [/old price must be higher/i, 'oldPriceAbove'],
  // Shipping zones.
  [/in another zone already: (?<list>.+)\.$/i, 'countryTaken'],
  [/ISO 3166 alpha-2 code/i, 'countryCode'],
  [/at least one country/i, 'oneCountry'],
  [/at least one rate/i, 'oneRate'],
  [/fastest delivery may not take longer/i, 'daysOrder'],
  [/is required|field is required|Required/i, 'required'],
  [/may not be greater than (\d+) characters/i, 'tooLong'],
  [/may not be greater than (\d+)/i, 'tooMuch'],
  [/may not be negative/i, 'negative'],
  [/must be an amount/i, 'amount'],
  [/hex value/i, 'color'],
  [/whole number/i, 'wholeNumber'],
  [/at least one size/i, 'oneSize'],
  [/appear once/i, 'once'],
  [/already been taken|already exists|already used|is taken/i, 'taken'],
  [/letters, digits and dashes/i, 'slug'],
  [/not allowed/i, 'characters'],
  [/unknown category|category does not exist|no such category/i, 'category'],
];

export function problemText(message: string | undefined, t: TFunction<'admin'>): string | undefined {
  if (!message) return undefined;
  for (const [pattern, kind] of KINDS) {
    const match = pattern.exec(message);
    if (match) return t(`problems.${kind}`, { max: match[1] ?? '', ...match.groups });
  }
  return message;
}

/** The message of the form's error at a path (`name.ar`, `sizes.0.stock`), if any. */
export function messageAt(errors: object, path: string): string | undefined {
  const found: unknown = get(errors, path);
  return found && typeof found === 'object' && 'message' in found && typeof found.message === 'string'
    ? found.message
    : undefined;
}
