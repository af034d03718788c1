import type { LocalizedText } from '@boutique/contracts';

/** A rate's delivery estimate in words, in the three languages ("2 to 4 business days"). */
export function deliveryEstimate(min: number, max: number): LocalizedText {
  if (min === max) {
    return {
      en: `Delivered in ${min} business ${min === 1 ? 'day' : 'days'}`,
      fr: `Livraison en ${min} ${min > 1 ? 'jours ouvrés' : 'jour ouvré'}`,
      ar: `التوصيل خلال ${min} ${arabicDays(min)}`,
    };
  }
  return {
    en: `Delivered in ${min} to ${max} business days`,
    fr: `Livraison en ${min} à ${max} jours ouvrés`,
    ar: `التوصيل خلال ${min} إلى ${max} ${arabicDays(max)}`,
  };
}

/** Arabic counts after a numeral: 2 to 10 take the plural, 11 and above (and 1) the singular. */
function arabicDays(n: number): string {
  return n >= 2 && n <= 10 ? 'أيام عمل' : 'يوم عمل';
}
