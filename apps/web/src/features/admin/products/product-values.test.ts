import { describe, expect, it } from 'vitest';
import { createTestI18n } from '@/testing/providers';
import { changedFields, productConflict, productValues, reapplied } from './product-values';
import { noorCaftan } from './test-product';

const opened = productValues(noorCaftan);

describe('what a product form changed', () => {
  it('reads what the owner meant: ١٩٥٠ is 1950.00, spaces around a name do not count', () => {
    expect(changedFields(opened, { ...opened, price: '1450' })).toEqual([]);
    expect(changedFields(opened, { ...opened, price: '١٤٥٠٫٠٠' })).toEqual([]);
    expect(changedFields(opened, { ...opened, name: { ...opened.name, en: ' Noor caftan ' } })).toEqual([]);
    expect(changedFields(opened, { ...opened, price: '١٩٥٠', featured: true })).toEqual([
      'price',
      'featured',
    ]);
    expect(changedFields(opened, { ...opened, sizes: [{ name: 'M' }] })).toEqual(['sizes']);
  });

  it('re-applies the owner’s edits onto the record as it is now, keeping every other change', () => {
    const current = { ...opened, price: '1350.00', status: 'inactive' as const };
    const mine = { ...opened, description: { ...opened.description, en: 'Ivory silk, lined.' } };
    expect(reapplied(opened, current, mine)).toEqual({ ...current, description: mine.description });
  });

  it('lists each field changed elsewhere in the owner’s language, with their own edit beside it', async () => {
    const { i18n } = await createTestI18n('ar');
    const t = i18n.getFixedT<'admin'>('ar', 'admin');
    const current = { ...opened, price: '1350.00', featured: true };
    const mine = { ...opened, price: '١٥٠٠', description: { ...opened.description, ar: 'حرير عاجي مبطّن.' } };
    const { changes, yourFields } = productConflict(opened, current, mine, t, 'ar');
    expect(changes).toEqual([
      {
        field: 'price',
        label: 'السعر',
        before: '1,450.00\u00a0د.إ',
        now: '1,350.00\u00a0د.إ',
        yours: '1,500.00\u00a0د.إ',
      },
      { field: 'featured', label: 'مميّز', before: 'لا', now: 'نعم' },
    ]);
    expect(yourFields).toEqual(['الوصف', 'السعر']);
  });
});

describe('a record read in another key order', () => {
  it('is the same record: a refusal’s `current` says its texts in the database’s order', () => {
    const reordered = { ...opened, name: { ar: opened.name.ar, fr: opened.name.fr, en: opened.name.en } };
    expect(changedFields(opened, reordered)).toEqual([]);
  });
});
