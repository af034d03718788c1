import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import {
  ADMIN_API,
  StockAdjustmentCreateSchema,
  StockAdjustmentResponseSchema,
  StockHistoryResponseSchema,
  type AdminSize,
  type AdminVariant,
  type StockMove,
} from '@boutique/contracts/admin';
import { createTestI18n, renderWithProviders, stubModalDialogs } from '@/testing/providers';
import { fakeApi, ok, refused } from '../test-api';
import { StockPanel } from './stock-panel';
import { noorCaftan } from './test-product';

const address = ADMIN_API.stockAdjustments(noorCaftan.id);
let api: ReturnType<typeof fakeApi>;
let sizes: AdminSize[];
let variants: AdminVariant[];
let moves: StockMove[];

const move = (change: Partial<StockMove>): StockMove => ({
  id: 1,
  color: '',
  size: 'M',
  delta: 4,
  reason: 'received',
  note: 'first count',
  stock_after: 4,
  order: null,
  actor: { id: 1, name: 'Lalla', email: 'owner@darlalla.ae' },
  source: 'admin',
  at: '2026-03-01T10:00:00Z',
  ...change,
});

beforeEach(() => {
  stubModalDialogs();
  sizes = noorCaftan.sizes.map((s) => ({ ...s }));
  variants = noorCaftan.variants.map((v) => ({ ...v }));
  moves = [
    move({
      id: 3,
      delta: -1,
      reason: 'sale',
      note: null,
      stock_after: 3,
      actor: null,
      source: 'order',
      order: { id: 42, order_number: 'DL-000042' },
    }),
    move({ id: 2, size: 'L', delta: 2, stock_after: 2, note: null }),
    move({ id: 1 }),
  ];
  api = fakeApi()
    .get(address, () =>
      ok(StockHistoryResponseSchema, { success: true, data: { adjustments: moves, sizes, variants } }),
    )
    .on('POST', address, ({ body }) => {
      const input = StockAdjustmentCreateSchema.parse(body);
      // Pieces are counted per colour × size: the adjustment names its variant.
      const variant = variants.find((v) => v.color === input.color && v.size === input.size)!;
      const size = sizes.find((s) => s.name === input.size)!;
      if (variant.stock + input.delta < variant.reserved) {
        const message = `${variant.reserved} piece of size ${variant.size} is held by payments under way: the count (${variant.stock}) may not go below ${variant.reserved}, so the change may be at most ${variant.reserved - variant.stock} now.`;
        return refused(422, { success: false, message, errors: { delta: [message] } });
      }
      variant.stock += input.delta;
      size.stock += input.delta;
      const made = move({
        id: 9,
        color: input.color,
        size: input.size,
        delta: input.delta,
        reason: input.reason,
        note: input.note || null,
        stock_after: variant.stock,
      });
      moves = [made, ...moves];
      return ok(
        StockAdjustmentResponseSchema,
        { success: true, data: { adjustment: made, sizes, variants } },
        201,
      );
    });
});
afterEach(() => {
  cleanup();
  expect(api.unknown).toEqual([]);
});

async function renderPanel(lng: 'en' | 'ar' = 'en') {
  const { i18n, missing } = await createTestI18n(lng);
  const view = renderWithProviders(<StockPanel product={{ ...noorCaftan, sizes, variants }} />, i18n);
  await screen.findAllByRole('row');
  return { missing, view };
}

const posts = () => api.seen('POST', address).map((c) => c.body);
const counts = () =>
  within(screen.getAllByRole('table')[0]!)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

describe('the stock panel', () => {
  it('shows each colour × size’s pieces for sale, held by payments and left to buy', async () => {
    await renderPanel();
    expect(counts()).toEqual(['IvoryM312', 'IvoryL202']);
  });

  it('takes a change typed in Arabic-Indic digits, shows what it read and records it', async () => {
    const { missing } = await renderPanel('ar');
    const delta = screen.getByLabelText('التغيير');
    fireEvent.change(delta, { target: { value: '+٣' } });
    expect(document.getElementById('adjust-delta-understood')?.textContent).toBe('= +3');
    fireEvent.change(screen.getByLabelText('ملاحظة (اختيارية)'), { target: { value: 'من الورشة' } });
    fireEvent.click(screen.getByRole('button', { name: 'تسجيل' }));
    expect(await screen.findByText('سُجّل: ⁦+3⁩ باللون عاجي في المقاس M، والعدد الآن 6.')).toBeTruthy();
    // The product's first colour, chosen to start with: a product with colours counts each one's pieces.
    expect(posts()).toEqual([{ size: 'M', color: 'ivory', delta: 3, reason: 'received', note: 'من الورشة' }]);
    // The form is ready for the next change.
    expect(screen.getByLabelText<HTMLInputElement>('التغيير').value).toBe('');
    expect(missing).toEqual([]);
  });

  it('refuses a change that is not a whole number, or whose sign the reason contradicts, and sends nothing', async () => {
    await renderPanel();
    const delta = screen.getByLabelText('Change');
    fireEvent.change(delta, { target: { value: '1.5' } });
    expect(document.getElementById('adjust-delta-understood')?.textContent).toBe('—');
    fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('A whole number of pieces, such as 3 or -1.')).toBeTruthy();
    expect(delta.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(delta, { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    expect(
      await screen.findByText('Pieces received or returned are added: the change must be above 0.'),
    ).toBeTruthy();

    fireEvent.change(delta, { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Why'), { target: { value: 'damaged' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    expect(
      await screen.findByText('Damaged pieces are taken away: the change must be below 0.'),
    ).toBeTruthy();

    fireEvent.change(delta, { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('Why'), { target: { value: 'correction' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('The change cannot be 0.')).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it('shows the refusal to go below the pieces payments hold, in Arabic, on the change itself', async () => {
    const { missing } = await renderPanel('ar');
    const delta = screen.getByLabelText('التغيير');
    fireEvent.change(delta, { target: { value: '−٣' } });
    fireEvent.change(screen.getByLabelText('السبب'), { target: { value: 'damaged' } });
    fireEvent.click(screen.getByRole('button', { name: 'تسجيل' }));
    expect(
      await screen.findByText(
        '1 من قطع المقاس M محجوزة لدفعات جارية: لا يمكن أن ينزل العدد (3) تحتها، فالحد الأقصى الآن ⁦-2⁩.',
      ),
    ).toBeTruthy();
    expect(posts()).toEqual([{ size: 'M', color: 'ivory', delta: -3, reason: 'damaged', note: '' }]);
    expect(delta.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(delta);
    expect(counts()).toEqual(['عاجيM312', 'عاجيL202']);
    expect(missing).toEqual([]);
  });

  it('lists every move of the pieces, by size, with who or what made it', async () => {
    await renderPanel();
    const history = await screen.findByRole('table', { name: 'History of pieces' });
    const rows = () =>
      within(history)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .slice(1)
            .map((c) => c.textContent),
        );
    expect(rows()).toEqual([
      ['M', '\u22121', '3', 'Sold', 'Order DL-000042'],
      ['L', '+2', '2', 'Received', 'Lalla'],
      ['M', '+4', '4', 'Received · first count', 'Lalla'],
    ]);
    expect(within(history).getByRole('link', { name: 'Order DL-000042' }).getAttribute('href')).toBe(
      '/admin/orders/42',
    );
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'History of which size' })).getByRole('button', {
        name: 'Size L',
      }),
    );
    expect(rows()).toEqual([['L', '+2', '2', 'Received', 'Lalla']]);
  });
});
