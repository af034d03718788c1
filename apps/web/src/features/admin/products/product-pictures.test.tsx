import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { ADMIN_API, AdminImagesResponseSchema, type AdminImage } from '@boutique/contracts/admin';
import { createTestI18n, renderWithProviders, stubModalDialogs } from '@/testing/providers';
import { fakeApi, ok } from '../test-api';
import { ProductPictures } from './product-pictures';
import { noorCaftan } from './test-product';

const picture = (id: number, color: string | null): AdminImage => ({
  id,
  url: `/storage/products/noor/${id}-800.webp`,
  srcset: `/storage/products/noor/${id}-800.webp 800w`,
  avif_srcset: `/storage/products/noor/${id}-800.avif 800w`,
  width: 800,
  height: 1066,
  sort_order: id,
  color,
});
const product = {
  ...noorCaftan,
  colors: [
    ...noorCaftan.colors,
    { name: { en: 'Sand', fr: 'Sable', ar: 'رملي' }, value: '#d8c3a0', key: 'sand' },
  ],
  images: [picture(1, 'ivory'), picture(2, null)],
};
const address = ADMIN_API.productImage(product.id, 2);
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  stubModalDialogs();
  api = fakeApi().on('PATCH', address, ({ body }) =>
    ok(AdminImagesResponseSchema, {
      success: true,
      data: {
        images: [picture(1, 'ivory'), picture(2, (body as { color: string | null }).color)],
        version: product.version + 1,
      },
    }),
  );
});
afterEach(() => {
  cleanup();
  expect(api.unknown).toEqual([]);
});

describe('the colour a photo shows', () => {
  it('is chosen among the product’s colours, or every colour, and sent with the product’s version', async () => {
    const { i18n, missing } = await createTestI18n('en');
    renderWithProviders(<ProductPictures product={product} />, i18n);
    const first = screen.getByLabelText<HTMLSelectElement>('Colour shown in photo 1');
    expect(first.value).toBe('ivory');
    const second = screen.getByLabelText<HTMLSelectElement>('Colour shown in photo 2');
    expect(second.value).toBe('');
    expect([...second.options].map((o) => o.textContent)).toEqual(['Every colour', 'Ivory', 'Sand']);
    fireEvent.change(second, { target: { value: 'sand' } });
    await waitFor(() => expect(api.seen('PATCH', address)).toHaveLength(1));
    expect(api.seen('PATCH', address)[0]!.body).toEqual({ color: 'sand', version: product.version });
    expect(missing).toEqual([]);
  });

  it('reads in Arabic, the colours by their Arabic names', async () => {
    const { i18n, missing } = await createTestI18n('ar');
    renderWithProviders(<ProductPictures product={product} />, i18n);
    const second = screen.getByLabelText<HTMLSelectElement>('اللون الظاهر في الصورة 2');
    expect([...second.options].map((o) => o.textContent)).toEqual(['كل الألوان', 'عاجي', 'رملي']);
    expect(missing).toEqual([]);
  });

  it('is not asked of a product without colours', async () => {
    const { i18n } = await createTestI18n('en');
    renderWithProviders(<ProductPictures product={{ ...product, colors: [] }} />, i18n);
    expect(screen.queryByLabelText('Colour shown in photo 1')).toBeNull();
  });
});
