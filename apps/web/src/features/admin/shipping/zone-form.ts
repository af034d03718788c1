import type { ShippingZone, ShippingZoneInput } from '@boutique/contracts/admin-shipping';
import type { Language } from '@boutique/contracts/constants';

export type Texts = Record<Language, string>;
const noTexts = (): Texts => ({ en: '', fr: '', ar: '' });

/** A rate as the form holds it: amounts and days as typed. */
export interface RateDraft {
  id?: number;
  /** Keys the row while it has no id. */
  key: string;
  name: Texts;
  price: string;
  freeOver: string;
  minDays: string;
  maxDays: string;
}

export interface ZoneDraft {
  name: Texts;
  countries: string[];
  rates: RateDraft[];
}

let seq = 0;
export const newRate = (): RateDraft => ({
  key: `new-${(seq += 1)}`,
  name: noTexts(),
  price: '',
  freeOver: '',
  minDays: '',
  maxDays: '',
});

export const newZone = (): ZoneDraft => ({ name: noTexts(), countries: [], rates: [newRate()] });

/** A zone as the form shows it. */
export function draftOf(zone: ShippingZone): ZoneDraft {
  return {
    name: zone.name,
    countries: zone.countries,
    rates: zone.rates.map((r) => ({
      id: r.id,
      key: `rate-${r.id}`,
      name: r.name,
      price: r.price,
      freeOver: r.free_over ?? '',
      minDays: String(r.min_days),
      maxDays: String(r.max_days),
    })),
  };
}

/** What the API is sent: the server checks every field (codes, amounts, days) and answers field errors. */
export function payloadOf(draft: ZoneDraft): ShippingZoneInput {
  return {
    name: draft.name,
    countries: draft.countries,
    rates: draft.rates.map((r) => ({
      ...(r.id !== undefined && { id: r.id }),
      name: r.name,
      price: r.price.trim(),
      free_over: r.freeOver.trim() === '' ? null : r.freeOver.trim(),
      min_days: r.minDays.trim(),
      max_days: r.maxDays.trim(),
    })),
  };
}
