import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  ADMIN_API,
  AdminCategoriesResponseSchema,
  AdminProductListResponseSchema,
  type AdminProductRow,
} from '@boutique/contracts/admin';
import {
  ADMIN_BULK_API,
  BulkResponseSchema,
  ProductSelectionResponseSchema,
} from '@boutique/contracts/admin-bulk';
import { createTestI18n, renderWithProviders } from '@/testing/providers';
import { fakeApi, ok, refused } from '../test-api';
import ProductsPage from './products-page';
import { noorCaftan } from './test-product';

const row = (id: number, version: number): AdminProductRow => ({
  id,
  slug: `piece-${id}`,
  category: noorCaftan.category,
  name: { en: `Piece ${id}`, fr: `Pièce ${id}`, ar: `قطعة ${id}` },
  price: '1000.00',
  old_price: null,
  status: 'inactive',
  archived_at: null,
  featured: false,
  best_seller: false,
  sizes: noorCaftan.sizes,
  variants: noorCaftan.variants,
  updated_at: noorCaftan.updated_at,
  version,
  image: null,
});
const shown = [row(1, 3), row(2, 5)];
/** 25 pieces match the filter; the page shows two of them. */
const MATCHING = 25;

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi()
    .get(ADMIN_API.products, () =>
      ok(AdminProductListResponseSchema, {
        success: true,
        data: {
          products: { data: shown, current_page: 1, last_page: 13, per_page: 20, total: MATCHING },
        },
      }),
    )
    .get(ADMIN_API.categories, () =>
      ok(AdminCategoriesResponseSchema, {
        success: true,
        data: {
          categories: [{ id: 1, slug: 'caftan', name: { en: 'Caftans', fr: 'Caftans', ar: 'قفاطين' } }],
        },
      }),
    );
});
afterEach(() => {
  cleanup();
  expect(api.unknown).toEqual([]);
});

async function renderPage(lng: 'en' | 'ar' = 'en') {
  const { i18n, missing } = await createTestI18n(lng);
  renderWithProviders(<ProductsPage />, i18n, '/admin/products');
  await screen.findByText('Piece 1');
  return missing;
}

describe('bulk actions on the products table', () => {
  it('sends a 20 % sale typed in Arabic digits for the pieces chosen, each with the version the table showed', async () => {
    const missing = await renderPage();
    api.on('POST', ADMIN_BULK_API.bulk, () =>
      ok(BulkResponseSchema, {
        success: true,
        data: {
          products: shown.map((p) => ({
            id: p.id,
            version: p.version + 1,
            status: 'inactive' as const,
            category: 'caftan',
            price: '800.00',
            old_price: '1000.00',
            featured: false,
            best_seller: false,
          })),
        },
      }),
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every product on this page' }));
    const bar = screen.getByTestId('bulk-bar');
    expect(within(bar).getByText('2 products selected')).toBeTruthy();
    fireEvent.change(within(bar).getByLabelText('Action'), { target: { value: 'price' } });
    fireEvent.change(within(bar).getByLabelText('Percent (1–90)'), { target: { value: '٢٠' } });
    fireEvent.click(within(bar).getByRole('button', { name: 'Apply to 2 products' }));
    await within(bar).findByText('Done: 2 products changed.');
    expect(api.seen('POST', ADMIN_BULK_API.bulk)[0]!.body).toEqual({
      products: [
        { id: 1, version: 3 },
        { id: 2, version: 5 },
      ],
      action: { type: 'price', by: 'percent', direction: 'down', percent: '٢٠', keep_old_price: true },
    });
    expect(missing).toEqual([]);
  });

  it('chooses all 25 matching pieces, and says so when a piece was changed meanwhile (409)', async () => {
    await renderPage();
    api
      .get(ADMIN_BULK_API.selection, () =>
        ok(ProductSelectionResponseSchema, {
          success: true,
          data: {
            products: Array.from({ length: MATCHING }, (_, i) => ({ id: i + 1, version: 1 })),
            total: MATCHING,
          },
        }),
      )
      .on('POST', ADMIN_BULK_API.bulk, () =>
        refused(409, { success: false, message: 'stale', error: 'stale', code: 'stale', current: [] }),
      );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every product on this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Select all 25 products matching this filter' }));
    const bar = screen.getByTestId('bulk-bar');
    await within(bar).findByText('25 products selected');
    fireEvent.click(within(bar).getByRole('button', { name: 'Apply to 25 products' }));
    expect((await within(bar).findByRole('alert')).textContent).toContain(
      'changed by someone else since the table was shown: nothing was changed',
    );
    await waitFor(() => expect(api.seen('POST', ADMIN_BULK_API.bulk)).toHaveLength(1));
    expect((api.seen('POST', ADMIN_BULK_API.bulk)[0]!.body as { products: unknown[] }).products).toHaveLength(
      MATCHING,
    );
  });
});
