import { expect } from 'vitest';
import { LANGUAGES } from '@boutique/contracts/constants';
import { createTestI18n } from './providers';

type Errors = Partial<Record<string, string>>;
type Outcome = { errors: Errors } | { values: unknown };

const errorsOf = (outcome: Outcome): Errors => ('errors' in outcome ? outcome.errors : {});

/**
 * Runs a form's validation with the identity "translation", then with the shop's own texts in every language:
 * each field's message must be the text of the key the first run gave, present in that language (not the key
 * itself, not missing) and, in French and Arabic, not the English one. Answers the keys, for the caller to check.
 */
export async function expectWordedInEveryLanguage(
  ns: string,
  validate: (t: (key: string) => string) => Outcome,
): Promise<Errors> {
  const keys = errorsOf(validate((key) => key));
  const english: Errors = {};
  for (const lng of LANGUAGES) {
    const { i18n, missing } = await createTestI18n(lng);
    const errors = errorsOf(validate((key) => i18n.t(`${ns}:${key}`)));
    expect(Object.keys(errors), lng).toEqual(Object.keys(keys));
    for (const [field, key = ''] of Object.entries(keys)) {
      const text = errors[field] ?? '';
      expect(text, `${lng} ${field}`).not.toBe(key);
      expect(text.trim(), `${lng} ${field}`).not.toBe('');
      if (lng === 'en') english[field] = text;
      else expect(text, `${lng} ${field}`).not.toBe(english[field]);
    }
    expect(missing, lng).toEqual([]);
  }
  return keys;
}
