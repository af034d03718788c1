import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { ProductSummary } from '@boutique/contracts';
import common from '../../../public/locales/en/common.json';
import home from '../../../public/locales/en/home.json';
import testimonials from '../../../public/locales/en/testimonials.json';
import HomePage from './home-page';

const image = { url: '/storage/x-800.webp', srcset: '', width: 900, height: 1200, sort_order: 0 };

const product = (id: number, slug: string, en: string): ProductSummary => ({
  id,
  slug,
  name: { en, fr: en, ar: en },
  name_en: en,
  name_fr: en,
  name_ar: en,
  price: '1250.00',
  old_price: null,
  images: [image],
  category_slug: 'caftan',
  colors: [],
  sizes: [{ name: 'M', in_stock: true }],
  status: 'active',
  featured: true,
  best_seller: false,
  created_at: '2024-01-01T00:00:00.000Z',
});

const page = (products: ProductSummary[]) => ({
  success: true,
  data: { products: { data: products, current_page: 1, last_page: 1, per_page: 12, total: products.length } },
});

type Route = (url: URL) => { status: number; body: unknown } | undefined;

function serve(route: Route) {
  const requested: URL[] = [];
  const fetchMock = vi.fn((input: URL) => {
    const url = new URL(input);
    requested.push(url);
    const answer = route(url) ?? { status: 200, body: { success: true, data: {} } };
    return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return requested;
}

const catalogue: Route = (url) => {
  if (url.pathname === '/api/v1/products') {
    const tag = url.searchParams.get('tag');
    if (tag === 'best_seller') return { status: 200, body: page([]) };
    if (tag === 'featured') return { status: 200, body: page([product(7, 'amira', 'Amira velvet caftan')]) };
    return {
      status: 200,
      body: page([product(1, 'zahra', 'Zahra caftan'), product(2, 'nour', 'Nour jellaba')]),
    };
  }
  if (url.pathname === '/api/v1/galleries') {
    const caption = { en: 'Our atelier in Fes', fr: 'Notre atelier de Fès', ar: 'ورشتنا في فاس' };
    return {
      status: 200,
      body: { success: true, data: { data: { galleries: [{ id: 1, photo: image.url, image, caption }] } } },
    };
  }
  if (url.pathname === '/api/v1/categories')
    return { status: 200, body: { success: true, data: { categories: [] } } };
  return undefined;
};

function renderHome() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18next}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <HomePage />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { common, home, testimonials } },
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
});

beforeEach(() => {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: false,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('home page', () => {
  it('opens on one headline, then the two collections, each with its own link', async () => {
    serve(catalogue);
    renderHome();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'The art of the Moroccan caftan' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the Caftans collection' }).getAttribute('href')).toBe(
      '/collection/caftan',
    );
    expect(screen.getByRole('link', { name: 'Browse the Jellabas collection' }).getAttribute('href')).toBe(
      '/collection/jellaba',
    );
    await screen.findByRole('link', { name: 'Zahra caftan' });
  });

  it('shows five placeholder cards while the newest pieces load', () => {
    vi.stubGlobal('fetch', () => new Promise<never>(() => {}));
    renderHome();
    const latest = screen.getByRole('region', { name: 'New arrivals' });
    expect(within(latest).getAllByTestId('product-skeleton')).toHaveLength(5);
  });

  it('says when the newest pieces could not load, and loads them on a second try', async () => {
    let fail = true;
    serve((url) =>
      fail && url.pathname === '/api/v1/products' && !url.searchParams.has('tag')
        ? { status: 500, body: { success: false, message: 'Something went wrong' } }
        : catalogue(url),
    );
    renderHome();
    const alert = await screen.findByText('We could not load our latest pieces.');
    fail = false;
    fireEvent.click(within(alert.parentElement as HTMLElement).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('link', { name: 'Zahra caftan' });
    expect(screen.queryByText('We could not load our latest pieces.')).toBeNull();
  });

  it('shows featured pieces under their own title when there is no best seller yet', async () => {
    const requested = serve(catalogue);
    renderHome();
    const shelf = await screen.findByRole('region', { name: 'Signature pieces' });
    await within(shelf).findByRole('link', { name: 'Amira velvet caftan' });
    expect(screen.queryByRole('heading', { name: 'Best sellers' })).toBeNull();
    const tags = requested.map((url) => url.searchParams.get('tag'));
    expect(tags).toContain('featured');
  });

  it('captions the gallery in the active language and quotes our clients', async () => {
    serve(catalogue);
    renderHome();
    expect(await screen.findByText('Our atelier in Fes')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'What our clients say' })).toBeTruthy();
    expect(screen.getByText('Mariam Al Mansoori')).toBeTruthy();
  });
});
