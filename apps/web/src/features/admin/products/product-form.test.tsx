import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Link, Route, Routes, useLocation, useNavigate, useNavigationType } from 'react-router';
import type { AdminProduct, ProductCreate } from '@boutique/contracts/admin';
import { ApiError } from '@/lib/api-client';
import { createTestI18n, renderWithProviders, stubModalDialogs } from '@/testing/providers';
import { useHeldLocation } from '../components/use-leave-guard';
import { ProductForm, emptyProduct, productValues } from './product-form';
import { noorCaftan } from './test-product';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockResolvedValue(
    json(200, {
      success: true,
      data: { categories: [{ id: 1, slug: 'caftan', name: { en: 'Caftans', fr: 'Caftans', ar: 'قفاطين' } }] },
    }),
  );
  stubModalDialogs();
});
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const product = noorCaftan;

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { exact: true });

describe('the product form', () => {
  it('takes a price typed in Arabic-Indic digits, shows what it understood and sends it as 1950', async () => {
    const { i18n } = await createTestI18n('ar');
    const onSubmit = vi
      .fn<(values: ProductCreate, version?: number) => Promise<unknown>>()
      .mockResolvedValue({});
    renderWithProviders(
      <ProductForm initial={emptyProduct()} submitLabel="إنشاء" onSubmit={onSubmit} />,
      i18n,
    );
    for (const [label, value] of [
      ['الاسم (الإنجليزية)', 'Noor caftan'],
      ['الاسم (الفرنسية)', 'Caftan Noor'],
      ['الاسم (العربية)', 'قفطان نور'],
      ['الوصف (الإنجليزية)', 'Ivory silk.'],
      ['الوصف (الفرنسية)', 'Soie ivoire.'],
      ['الوصف (العربية)', 'حرير عاجي.'],
    ] as const) {
      fireEvent.change(field(label), { target: { value } });
    }
    fireEvent.change(field('السعر'), { target: { value: '١٬٩٥٠' } });
    const understood = document.getElementById('product-price-preview');
    expect(understood?.textContent).toBe('= 1,950.00 · يظهر هكذا: 1,950\u00a0د.إ');
    fireEvent.change(field('القطع بمقاس M'), { target: { value: '٤' } });
    expect(document.getElementById('product-stock-M-understood')?.textContent).toBe('= 4');

    fireEvent.click(screen.getByRole('button', { name: 'إنشاء' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const [values, version] = onSubmit.mock.calls[0]!;
    expect(values.price).toBe('1950');
    // A product without colours: its first counts go to the variants of no colour ('').
    expect(values.variants).toEqual([{ color_value: '', size: 'M', stock: 4 }]);
    expect(values.sizes.find((s) => s.name === 'M')).toEqual({ name: 'M', stock: 0 });
    expect(version).toBeUndefined();
    // "Saved" appears beside the button, in a live region.
    const status = await screen.findByText('تم الحفظ. يعرضه المتجر الآن.');
    expect(status.getAttribute('role')).toBe('status');
    expect(status.parentElement?.querySelector('button[type="submit"]')).not.toBeNull();
  });

  it('on a save refused as stale, shows what changed field by field and re-applies the edit in one click', async () => {
    const { i18n } = await createTestI18n('en');
    const current: AdminProduct = { ...product, price: '1350.00', featured: true, version: 3 };
    const onSubmit = vi
      .fn<(values: ProductCreate, version?: number) => Promise<unknown>>()
      .mockRejectedValueOnce(
        new ApiError('changed', 409, {}, { success: false, error: 'stale', code: 'stale', current }),
      )
      .mockResolvedValue({});
    renderWithProviders(
      <ProductForm
        initial={productValues(product)}
        submitLabel="Save"
        record={product}
        onSubmit={onSubmit}
      />,
      i18n,
    );
    // Counted pieces show in the grid, and change by stock adjustments only.
    expect(screen.getByTestId('grid-0-M').textContent).toBe('31 held');
    expect(screen.queryByLabelText('Pieces of Ivory in size M')).toBeNull();
    fireEvent.change(field('Description (English)'), { target: { value: 'Ivory silk, lined.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert', {
      name: 'Someone changed this product after you opened it. Nothing was saved.',
    });
    expect(onSubmit.mock.calls[0]![1]).toBe(2);
    const items = within(alert)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'PriceWhen you opened itAED\u00a01,450.00NowAED\u00a01,350.00',
      'FeaturedWhen you opened itNoNowYes',
    ]);
    expect(within(alert).getByText(/writes these of your changes: Description\./)).toBeTruthy();

    fireEvent.click(within(alert).getByRole('button', { name: 'Apply my edit to the current version' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    const [values, version] = onSubmit.mock.calls[1]!;
    expect(version).toBe(3);
    expect(values).toMatchObject({
      price: '1350.00',
      featured: true,
      description: { en: 'Ivory silk, lined.' },
    });
    await waitFor(() => expect(screen.queryByRole('alert', { name: /Someone changed/ })).toBeNull());
  });

  it('asks before leaving with unsaved edits, and lets the owner stay or leave', async () => {
    const { i18n } = await createTestI18n('en');
    renderWithProviders(
      <Routes>
        <Route
          path="/"
          element={
            <>
              <Link to="/admin/orders">Orders</Link>
              <ProductForm
                initial={productValues(product)}
                submitLabel="Save"
                record={product}
                onSubmit={() => Promise.resolve()}
              />
            </>
          }
        />
        <Route path="/admin/orders" element={<h1>Orders page</h1>} />
      </Routes>,
      i18n,
    );
    // Nothing typed yet: the link just goes.
    fireEvent.change(field('Name (English)'), { target: { value: 'Noor caftan, ivory' } });
    fireEvent.click(screen.getByRole('link', { name: 'Orders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay on the page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(field('Name (English)').value).toBe('Noor caftan, ivory');

    fireEvent.click(screen.getByRole('link', { name: 'Orders' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Orders page' })).toBeTruthy();
  });

  it('once a new product is saved, opens its page unasked: the save’s own move is no way out of unsaved edits', async () => {
    const { i18n } = await createTestI18n('en');
    function NewProduct() {
      const navigate = useNavigate();
      return (
        <ProductForm
          initial={productValues(product)}
          submitLabel="Create"
          onSubmit={async () => {
            await Promise.resolve();
            await navigate('/admin/products/7', { state: { created: true } });
          }}
        />
      );
    }
    // The back office's routes, as admin-app.tsx declares them.
    function Admin() {
      const location = useHeldLocation(useLocation(), useNavigationType());
      return (
        <Routes location={location}>
          <Route path="/admin/products/new" element={<NewProduct />} />
          <Route path="/admin/products/7" element={<h1>Noor caftan</h1>} />
        </Routes>
      );
    }
    renderWithProviders(<Admin />, i18n, '/admin/products/new');
    fireEvent.change(field('Name (English)'), { target: { value: 'Noor caftan' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('heading', { name: 'Noor caftan' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the product form in Arabic', () => {
  it('says what is wrong beside each field, in Arabic, and sends nothing', async () => {
    const { i18n, missing } = await createTestI18n('ar');
    const onSubmit = vi.fn<(values: ProductCreate, version?: number) => Promise<unknown>>();
    renderWithProviders(
      <ProductForm initial={emptyProduct()} submitLabel="إنشاء" onSubmit={onSubmit} />,
      i18n,
    );
    fireEvent.change(field('السعر'), { target: { value: '١٢٫٣٤٥' } });
    fireEvent.click(screen.getByRole('button', { name: 'إنشاء' }));

    expect(await screen.findByText('بعض الحقول تحتاج إلى مراجعة.')).toBeTruthy();
    for (const label of ['الاسم (الإنجليزية)', 'الاسم (العربية)', 'الوصف (الفرنسية)']) {
      const input = field(label);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(
        document.getElementById(input.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent,
      ).toBe('حقل مطلوب.');
    }
    const price = field('السعر');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('product-price-error')?.textContent).toBe(
      'مبلغ بالدرهم بخانتين عشريتين على الأكثر، مثل 1250.00.',
    );
    expect(onSubmit).not.toHaveBeenCalled();
    // The owner is taken to the first field to fix, in the order the form reads, not the first one registered.
    await waitFor(() => expect(document.activeElement).toBe(field('الاسم (الإنجليزية)')));
    expect(missing).toEqual([]);
  });

  it('places the shop’s refusal on its field, in Arabic', async () => {
    const { i18n } = await createTestI18n('ar');
    const onSubmit = vi
      .fn<(values: ProductCreate, version?: number) => Promise<unknown>>()
      .mockRejectedValue(
        new ApiError('The given data was invalid', 422, { slug: ['The slug has already been taken.'] }),
      );
    renderWithProviders(
      <ProductForm initial={productValues(product)} submitLabel="حفظ" record={product} onSubmit={onSubmit} />,
      i18n,
    );
    fireEvent.change(field('العنوان في المتجر (المعرّف)'), { target: { value: 'amira-takchita' } });
    fireEvent.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('مستخدم بالفعل لمنتج آخر.')).toBeTruthy();
    const slug = field('العنوان في المتجر (المعرّف)');
    expect(slug.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(slug);
    expect(screen.getByText('رفض المتجر بعض الحقول.')).toBeTruthy();
  });

  it('asks before leaving in Arabic while edits are unsaved, and no more once they are saved', async () => {
    const { i18n } = await createTestI18n('ar');
    const onSubmit = vi.fn<(values: ProductCreate, version?: number) => Promise<unknown>>();
    // As the edit page does: the saved product (its new version) reaches the form before the save ends.
    function EditPage() {
      const [record, setRecord] = useState(product);
      return (
        <ProductForm
          initial={productValues(product)}
          submitLabel="حفظ"
          record={record}
          onSubmit={async (values, version) => {
            void onSubmit(values, version);
            setRecord({ ...record, name: values.name, version: record.version + 1 });
            await new Promise((resolve) => setTimeout(resolve, 10));
          }}
        />
      );
    }
    renderWithProviders(
      <Routes>
        <Route
          path="/"
          element={
            <>
              <Link to="/admin/orders">الطلبات</Link>
              <EditPage />
            </>
          }
        />
        <Route path="/admin/orders" element={<h1>صفحة الطلبات</h1>} />
      </Routes>,
      i18n,
    );
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    fireEvent.change(field('الاسم (الإنجليزية)'), { target: { value: 'Noor caftan, ivory' } });
    // Closing the tab gets the browser's own question.
    expect(unload()).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: 'الطلبات' }));
    const dialog = await screen.findByRole('dialog', { name: 'المغادرة دون حفظ؟' });
    expect(within(dialog).getByText('تعديلاتك في هذه الصفحة غير محفوظة وستضيع.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'البقاء في الصفحة' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('تم الحفظ. يعرضه المتجر الآن.')).toBeTruthy();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(unload()).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'الطلبات' }));
    expect(await screen.findByRole('heading', { name: 'صفحة الطلبات' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
