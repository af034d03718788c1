import { describe, expect, it } from 'vitest';
import type { ShippingZone } from '@boutique/contracts/admin-shipping';
import { draftOf, newRate, newZone, payloadOf } from './zone-form';

const zone: ShippingZone = {
  id: 4,
  name: { en: 'UAE', fr: 'Émirats', ar: 'الإمارات' },
  countries: ['AE'],
  worldwide: false,
  sort: 0,
  version: 3,
  rates: [
    {
      id: 9,
      name: { en: 'Standard', fr: 'Standard', ar: 'عادي' },
      price: '25.00',
      free_over: '1000.00',
      min_days: 2,
      max_days: 4,
    },
  ],
};

describe('the shipping zone form', () => {
  it('keeps a rate by its id, sends a new one without, and an empty free-over as none', () => {
    const draft = draftOf(zone);
    const added = { ...newRate(), name: { en: 'Express', fr: 'Express', ar: 'سريع' }, price: ' 45 ' };
    const body = payloadOf({
      ...draft,
      rates: [
        { ...draft.rates[0]!, freeOver: '' },
        { ...added, minDays: '1', maxDays: '1' },
      ],
    });
    expect(body).toEqual({
      name: zone.name,
      countries: ['AE'],
      rates: [
        { id: 9, name: zone.rates[0]!.name, price: '25.00', free_over: null, min_days: '2', max_days: '4' },
        { name: added.name, price: '45', free_over: null, min_days: '1', max_days: '1' },
      ],
    });
  });

  it('starts a new zone with one empty rate, each row keyed apart', () => {
    const a = newZone();
    const b = newZone();
    expect(a.rates).toHaveLength(1);
    expect(a.rates[0]!.key).not.toBe(b.rates[0]!.key);
  });
});
