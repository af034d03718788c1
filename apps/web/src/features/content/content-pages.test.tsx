import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { LANGUAGES } from '@boutique/contracts/constants';
import ContactPage from './contact-page';
import FaqPage from './faq-page';
import NotFoundPage from './not-found-page';
import OurStoryPage from './our-story-page';
import ShippingPage from './shipping-page';
import SizeGuidePage from './size-guide-page';
import { createTestI18n, renderWithProviders } from '@/testing/providers';

afterEach(cleanup);

const pages = { FaqPage, ShippingPage, SizeGuidePage, ContactPage, OurStoryPage, NotFoundPage };

describe.each(LANGUAGES)('information pages in %s', (lng) => {
  it.each(Object.entries(pages))(
    '%s finds every text it needs and has one h1 then ordered headings',
    async (_name, Page) => {
      const { i18n, missing } = await createTestI18n(lng);
      renderWithProviders(<Page />, i18n);
      expect(missing).toEqual([]);
      const levels = [...document.querySelectorAll('h1, h2, h3, h4')].map((h) => Number(h.tagName[1]));
      expect(levels[0]).toBe(1);
      expect(levels.filter((level) => level === 1)).toHaveLength(1);
      levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0)).toBeLessThanOrEqual(1));
    },
  );
});

describe('FAQ page', () => {
  it('switches category with the arrow keys and opens one answer at a time', async () => {
    const { i18n } = await createTestI18n('en');
    renderWithProviders(<FaqPage />, i18n);

    const general = screen.getByRole('tab', { name: 'Our pieces' });
    expect(general).toHaveProperty('ariaSelected', 'true');
    fireEvent.keyDown(general, { key: 'ArrowRight' });
    const orders = screen.getByRole('tab', { name: 'Orders & delivery' });
    expect(orders).toHaveProperty('ariaSelected', 'true');
    expect(document.activeElement).toBe(orders);
    fireEvent.keyDown(orders, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(general);

    const panel = screen.getByRole('tabpanel');
    const [first, second] = within(panel).getAllByRole('button');
    if (!first || !second) throw new Error('expected questions');
    fireEvent.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(first.getAttribute('aria-controls') ?? '')).not.toBeNull();
    fireEvent.click(second);
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(second.getAttribute('aria-expanded')).toBe('true');
  });
});

describe('size guide', () => {
  it('builds the chart columns from the translations and opens the tab named in the address', async () => {
    const { i18n } = await createTestI18n('fr');
    renderWithProviders(<SizeGuidePage />, i18n, '/size-guide?tab=men-jellaba');
    const table = screen.getByRole('table', { name: 'Jellabas homme' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Taille', 'Tour de poitrine', 'Carrure', 'Longueur']);
  });
});

describe('shipping page', () => {
  const method = (
    id: string,
    en: string,
    price: string,
    freeOver: string | null,
    min: number,
    max: number,
  ) => ({
    id,
    name: { en, fr: en, ar: en === 'Standard' ? 'عادي' : 'عالمي' },
    description: { en: '', fr: '', ar: '' },
    price,
    regular_price: price,
    free_over: freeOver,
    currency: 'AED' as const,
    min_days: min,
    max_days: max,
  });
  const zones = [
    {
      id: 1,
      name: { en: 'Worldwide', fr: 'Monde entier', ar: 'جميع أنحاء العالم' },
      countries: [],
      worldwide: true,
      methods: [method('1', 'Worldwide', '0.00', null, 5, 10)],
    },
    {
      id: 2,
      name: { en: 'UAE', fr: 'Émirats', ar: 'الإمارات' },
      countries: ['AE'],
      worldwide: false,
      methods: [method('2', 'Standard', '25.00', '1000.00', 2, 4)],
    },
  ];

  beforeEach(() =>
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ success: true, data: { zones } }), {
            headers: { 'content-type': 'application/json' },
          }),
        ),
      ),
    ),
  );
  afterEach(() => vi.unstubAllGlobals());

  it("reads the owner's rates: the UAE's price and free-over amount, FREE highlighted for the rest of the world", async () => {
    const { i18n } = await createTestI18n('ar');
    renderWithProviders(<ShippingPage />, i18n);
    const table = await screen.findByTestId('shipping-rates');
    const rows = within(table).getAllByRole('row').slice(1);
    // The zones naming countries come first, the rest of the world last.
    expect(rows[0]?.textContent).toContain('الإمارات');
    expect(rows[0]?.textContent).toContain('مجاني للطلبات فوق');
    expect(rows[1]?.textContent).toContain('جميع الدول الأخرى');
    expect(within(rows[1]!).getByText('مجاناً').tagName).toBe('STRONG');
    expect(document.querySelector('a[href="/account/orders"]')).not.toBeNull();
  });
});
