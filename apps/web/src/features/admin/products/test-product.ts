import type { AdminProduct } from '@boutique/contracts/admin';

/** A product as the back office's API answers it, for the tests of its form. */
export const noorCaftan: AdminProduct = {
  id: 7,
  slug: 'noor-caftan',
  category: 'caftan',
  name: { en: 'Noor caftan', fr: 'Caftan Noor', ar: 'قفطان نور' },
  description: { en: 'Ivory silk.', fr: 'Soie ivoire.', ar: 'حرير عاجي.' },
  details: [],
  care: [],
  price: '1450.00',
  old_price: null,
  low_stock_threshold: null,
  status: 'active',
  archived_at: null,
  featured: false,
  best_seller: false,
  colors: [{ name: { en: 'Ivory', fr: 'Ivoire', ar: 'عاجي' }, value: '#f4eedc', key: 'ivory' }],
  sizes: [
    { name: 'M', stock: 3, reserved: 1 },
    { name: 'L', stock: 2, reserved: 0 },
  ],
  variants: [
    { color: 'ivory', size: 'M', stock: 3, reserved: 1 },
    { color: 'ivory', size: 'L', stock: 2, reserved: 0 },
  ],
  images: [],
  seo_title: { en: '', fr: '', ar: '' },
  seo_description: { en: '', fr: '', ar: '' },
  created_at: '2026-03-01T10:00:00Z',
  updated_at: '2026-03-01T10:00:00Z',
  version: 2,
};
