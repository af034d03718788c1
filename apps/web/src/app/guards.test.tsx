import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

/** Fresh modules per test: the session and the guest cart are module singletons. */
async function load() {
  vi.resetModules();
  const guards = await import('./guards');
  const { session } = await import('@/lib/session/session');
  const { cart } = await import('@/stores/cart-store');
  const { returnPath } = await import('@/lib/session/redirect');
  return { ...guards, session, cart, returnPath };
}

const user = {
  id: 7,
  name: 'Salma',
  email: 'salma@example.ae',
  avatar: null,
  role: 'customer' as const,
  email_verified: true,
  created_at: '2025-01-01T00:00:00.000Z',
};
const tokens = { accessToken: 'a', refreshToken: 'r', expiresIn: 900 };

function Where() {
  const location = useLocation();
  return (
    <p data-testid="where">
      {location.pathname} {JSON.stringify(location.state)}
    </p>
  );
}

type Loaded = Awaited<ReturnType<typeof load>>;

function app({ ProtectedRoute, GuestRoute }: Loaded, start: string) {
  return render(
    <MemoryRouter initialEntries={[start]}>
      <Routes>
        <Route path="/" element={<Where />} />
        <Route element={<GuestRoute />}>
          <Route path="/account/login" element={<p>login form</p>} />
        </Route>
        <Route element={<ProtectedRoute />}>
          <Route path="/account/profile" element={<p>profile page</p>} />
        </Route>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
});
afterEach(cleanup);

describe('protected routes', () => {
  it('show a loading screen while the session is unknown', async () => {
    const loaded = await load();
    app(loaded, '/account/profile');
    expect(screen.queryByText('profile page')).toBeNull();
    expect(document.querySelector('[class*=spinner]')).not.toBeNull();
  });

  it('send a guest to login, with where they were going and the cart', async () => {
    const loaded = await load();
    loaded.cart.add({
      slug: 'zahra',
      name: { en: 'Zahra', fr: 'Zahra', ar: 'زهرة' },
      price: '1250.00',
      quantity: 2,
      selectedColor: null,
      selectedSize: 'M',
      image: '',
    });
    await loaded.session.start();
    // The login route here shows where it is, to read the state the guard passed.
    render(
      <MemoryRouter initialEntries={['/account/profile?tab=1']}>
        <Routes>
          <Route element={<loaded.ProtectedRoute />}>
            <Route path="/account/profile" element={<p>profile page</p>} />
          </Route>
          <Route path="/account/login" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    const where = screen.getByTestId('where').textContent ?? '';
    expect(where).toMatch(/^\/account\/login /);
    const state = JSON.parse(where.replace('/account/login ', '')) as Record<string, unknown>;
    expect(state.from).toMatchObject({ pathname: '/account/profile', search: '?tab=1' });
    expect(state.cartTotal).toBe(2500);
    expect(state.cartItems).toHaveLength(1);
  });

  it('show the page to a signed-in customer', async () => {
    const loaded = await load();
    loaded.session.signIn({ user, tokens });
    app(loaded, '/account/profile');
    expect(screen.getByText('profile page')).toBeTruthy();
  });
});

describe('guest-only routes', () => {
  it('show the page to a guest, then send them on once signed in', async () => {
    const loaded = await load();
    await loaded.session.start();
    app(loaded, '/account/login');
    expect(screen.getByText('login form')).toBeTruthy();
    act(() => loaded.session.signIn({ user, tokens }));
    expect(screen.getByTestId('where').textContent).toMatch(/^\/ /);
  });

  it('send a signed-in customer home, or back where login was asked from', async () => {
    const loaded = await load();
    loaded.session.signIn({ user, tokens });
    render(
      <MemoryRouter
        initialEntries={[
          { pathname: '/account/login', state: { from: { pathname: '/checkout', search: '', hash: '' } } },
        ]}
      >
        <Routes>
          <Route element={<loaded.GuestRoute />}>
            <Route path="/account/login" element={<p>login form</p>} />
          </Route>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('where').textContent).toMatch(/^\/checkout /);
  });
});

describe('the page to return to after signing in', () => {
  it('is an address of this shop, never another site nor a login page', async () => {
    const { returnPath } = await load();
    expect(returnPath({ from: { pathname: '/account/orders', search: '?s=1', hash: '#x' } })).toBe(
      '/account/orders?s=1#x',
    );
    expect(returnPath({ from: { pathname: '//evil.example/phish' } })).toBe('/');
    expect(returnPath({ from: { pathname: '/\\evil.example' } })).toBe('/');
    expect(returnPath({ from: { pathname: 'https://evil.example' } })).toBe('/');
    expect(returnPath({ from: { pathname: '/account/login' } })).toBe('/');
    expect(returnPath(null)).toBe('/');
  });
});

describe('the back office guard', () => {
  const backOffice = (loaded: Loaded) =>
    render(
      <MemoryRouter initialEntries={['/admin/orders?status=shipped']}>
        <Routes>
          <Route
            path="/admin/*"
            element={
              <loaded.AdminRoute denied={<p>not found page</p>}>
                <p>back office</p>
              </loaded.AdminRoute>
            }
          />
          <Route path="/account/login" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );

  it('sends a guest to login, to come back to the same address', async () => {
    const loaded = await load();
    await loaded.session.start();
    backOffice(loaded);
    const where = screen.getByTestId('where').textContent ?? '';
    expect(where).toMatch(/^\/account\/login /);
    const state = JSON.parse(where.replace('/account/login ', '')) as { from: unknown };
    expect(state.from).toMatchObject({ pathname: '/admin/orders', search: '?status=shipped' });
    expect(screen.queryByText('back office')).toBeNull();
  });

  it('shows a signed-in customer the not-found page, never the back office', async () => {
    const loaded = await load();
    loaded.session.signIn({ user, tokens });
    backOffice(loaded);
    expect(screen.getByText('not found page')).not.toBeNull();
    expect(screen.queryByText('back office')).toBeNull();
  });

  it('shows an admin the back office', async () => {
    const loaded = await load();
    loaded.session.signIn({ user: { ...user, role: 'admin' }, tokens });
    backOffice(loaded);
    expect(screen.getByText('back office')).not.toBeNull();
  });
});
