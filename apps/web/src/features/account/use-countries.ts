import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_COUNTRY } from '@boutique/contracts/constants';

/** The countries of the address forms, from the translations: the UAE first, then by name in this language. */
export function useCountries(): { code: string; name: string }[] {
  const { t, i18n } = useTranslation('account');
  return useMemo(() => {
    const names = t('countries', { returnObjects: true }) as unknown;
    if (typeof names !== 'object' || names === null) return [];
    const collator = new Intl.Collator(i18n.language);
    return Object.entries(names as Record<string, string>)
      .map(([code, name]) => ({ code, name }))
      .sort((a, b) =>
        a.code === DEFAULT_COUNTRY ? -1 : b.code === DEFAULT_COUNTRY ? 1 : collator.compare(a.name, b.name),
      );
  }, [t, i18n.language]);
}
