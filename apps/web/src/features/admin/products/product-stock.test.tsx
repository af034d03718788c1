import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ProductCreate } from '@boutique/contracts/admin';
import { createTestI18n, renderWithProviders, stubModalDialogs } from '@/testing/providers';
import { ProductForm, emptyProduct, productValues } from './product-form';
import { noorCaftan } from './test-product';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>().mockResolvedValue(
      json(200, {
        success: true,
        data: {
          categories: [{ id: 1, slug: 'caftan', name: { en: 'Caftans', fr: 'Caftans', ar: 'قفاطين' } }],
        },
      }),
    ),
  );
  stubModalDialogs();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { exact: true });
const emerald = { name: { en: 'Emerald', fr: 'Émeraude', ar: 'زمردي' }, value: '#1f6b4f' };
const bordeaux = { name: { en: 'Bordeaux', fr: 'Bordeaux', ar: 'عنابي' }, value: '#6d1a2b' };
const submitted = (onSubmit: ReturnType<typeof vi.fn>) => onSubmit.mock.calls[0]![0] as ProductCreate;

function fillTexts() {
  for (const [label, value] of [
    ['Name (English)', 'Bahia'],
    ['Name (French)', 'Bahia'],
    ['Name (Arabic)', 'الباهية'],
    ['Description (English)', 'Crepe.'],
    ['Description (French)', 'Crêpe.'],
    ['Description (Arabic)', 'كريب.'],
    ['Price', '1490'],
  ] as const)
    fireEvent.change(field(label), { target: { value } });
}

describe('the grid of pieces per colour × size', () => {
  it('a new product takes a first count per colour and size, in any digits, sent by colour value', async () => {
    const { i18n, missing } = await createTestI18n('en');
    const onSubmit = vi.fn().mockResolvedValue({});
    renderWithProviders(
      <ProductForm
        initial={{ ...emptyProduct(), colors: [emerald, bordeaux] }}
        submitLabel="Create"
        onSubmit={onSubmit}
      />,
      i18n,
    );
    fillTexts();
    const table = screen.getByRole('table', { name: 'Pieces per colour and size' });
    expect(table.querySelectorAll('tbody tr')).toHaveLength(2);
    fireEvent.change(field('Pieces of Emerald in size M'), { target: { value: '٣' } });
    expect(document.getElementById('product-stock-0-M-understood')?.textContent).toBe('= 3');
    fireEvent.change(field('Pieces of Bordeaux in size L'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(submitted(onSubmit).variants).toEqual([
      { color_value: '#1f6b4f', size: 'M', stock: 3 },
      { color_value: '#6d1a2b', size: 'L', stock: 2 },
    ]);
    expect(missing).toEqual([]);
  });

  it('keeps a colour’s counts when its value is edited, and drops them with the colour or the size', async () => {
    const { i18n } = await createTestI18n('en');
    const onSubmit = vi.fn().mockResolvedValue({});
    renderWithProviders(
      <ProductForm
        initial={{ ...emptyProduct(), colors: [emerald, bordeaux] }}
        submitLabel="Create"
        onSubmit={onSubmit}
      />,
      i18n,
    );
    fillTexts();
    fireEvent.change(field('Pieces of Emerald in size M'), { target: { value: '3' } });
    fireEvent.change(field('Pieces of Bordeaux in size L'), { target: { value: '2' } });
    fireEvent.change(field('Pieces of Bordeaux in size S'), { target: { value: '1' } });
    fireEvent.change(field('Colour 1, hex value'), { target: { value: '#1F6B50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove colour 2' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Size S' }));
    expect(field('Pieces of Emerald in size M').value).toBe('3');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(submitted(onSubmit).variants).toEqual([{ color_value: '#1f6b50', size: 'M', stock: 3 }]);
  });

  it('a saved product shows its counts, and takes first counts only for a colour it adds', async () => {
    const { i18n } = await createTestI18n('en');
    const onSubmit = vi.fn().mockResolvedValue({});
    renderWithProviders(
      <ProductForm
        initial={productValues(noorCaftan)}
        record={noorCaftan}
        submitLabel="Save"
        onSubmit={onSubmit}
      />,
      i18n,
    );
    expect(screen.getByTestId('grid-0-L').textContent).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Add a colour' }));
    fireEvent.change(field('Name of colour 2 (English)'), { target: { value: 'Sand' } });
    fireEvent.change(field('Name of colour 2 (French)'), { target: { value: 'Sable' } });
    fireEvent.change(field('Name of colour 2 (Arabic)'), { target: { value: 'رملي' } });
    // The existing colour's cells are counts, not fields; the new colour's are fields.
    expect(screen.queryByLabelText('Pieces of Ivory in size M')).toBeNull();
    fireEvent.change(field('Pieces of Sand in size M'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(submitted(onSubmit).variants).toEqual([{ color_value: '#1f5c4a', size: 'M', stock: 5 }]);
    expect(onSubmit.mock.calls[0]![1]).toBe(noorCaftan.version);
  });

  it('reads in Arabic: the colour column and each field named by colour and size', async () => {
    const { i18n, missing } = await createTestI18n('ar');
    renderWithProviders(
      <ProductForm
        initial={{ ...emptyProduct(), colors: [emerald] }}
        submitLabel="إنشاء"
        onSubmit={vi.fn()}
      />,
      i18n,
    );
    expect(screen.getByRole('table', { name: 'القطع حسب اللون والمقاس' })).toBeTruthy();
    expect(field('القطع باللون زمردي بمقاس XL')).toBeTruthy();
    expect(missing).toEqual([]);
  });
});
