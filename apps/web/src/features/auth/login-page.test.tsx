import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

const files = import.meta.glob<Record<string, unknown>>('../../../public/locales/*/{common,auth}.json', {
  eager: true,
  import: 'default',
});

async function i18n(lng: 'en' | 'fr' | 'ar') {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [path, data] of Object.entries(files)) {
    const [, l = '', ns = ''] = /locales\/(\w+)\/(\w+)\.json$/.exec(path) ?? [];
    (resources[l] ??= {})[ns] = data;
  }
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    resources,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const fetchMock = vi.fn<typeof fetch>();
/** The address a mocked fetch was called with. */
const urlOf = (input: unknown) =>
  input instanceof URL ? input.href : typeof input === 'string' ? input : '';

async function renderLogin(lng: 'en' | 'fr' | 'ar' = 'en') {
  const { default: LoginPage } = await import('./login-page');
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <I18nextProvider i18n={await i18n(lng)}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/account/login']}>
          <Suspense fallback={null}>
            <LoginPage />
          </Suspense>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  // The page comes with its providers' buttons (none here): it waits for their answer.
  await screen.findByRole('heading', { level: 1 });
}

beforeEach(() => {
  localStorage.clear();
  // No social provider configured: no buttons.
  fetchMock.mockImplementation(async (input) =>
    urlOf(input).includes('/providers')
      ? json(200, { success: true, data: { providers: [] } })
      : json(500, {}),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('login page', () => {
  it('says what is missing (emailRequired, passwordRequired) without calling the server, and clears as one types', async () => {
    await renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter your email address.')).toBeTruthy();
    expect(screen.getByText('Please enter your password.')).toBeTruthy();
    expect(screen.getByLabelText('Email address').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.some(([url]) => urlOf(url).includes('/login'))).toBe(false);

    fill('Email address', 'salma');
    await waitFor(() => expect(screen.queryByText('Please enter your email address.')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
  });

  it('shows the failure in a banner above the form, and a loader on the disabled button meanwhile', async () => {
    let answer: (r: Response) => void = () => {};
    fetchMock.mockImplementation((input) =>
      urlOf(input).includes('/login')
        ? new Promise((resolve) => (answer = resolve))
        : Promise.resolve(json(200, { success: true, data: { providers: [] } })),
    );
    await renderLogin();
    fill('Email address', 'salma@example.ae');
    fill('Password', 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    const busy = await screen.findByRole('button', { name: 'Logging in…' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');

    answer(json(401, { success: false, message: 'These credentials do not match our records.' }));
    const banner = await screen.findByText('These credentials do not match our records.');
    expect(banner.closest('[role="alert"]')).not.toBeNull();
    expect(banner.compareDocumentPosition(screen.getByLabelText('Email address'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    // No refresh is tried for a wrong password.
    expect(fetchMock.mock.calls.some(([url]) => urlOf(url).includes('/refresh'))).toBe(false);
  });

  it("puts the server's field errors under their fields, in the visitor's language", async () => {
    fetchMock.mockImplementation(async (input) =>
      urlOf(input).includes('/login')
        ? json(422, {
            success: false,
            message: 'The given data was invalid',
            errors: { email: ['The email must be a valid email address.'] },
            error_codes: { email: ['invalid'] },
          })
        : json(200, { success: true, data: { providers: [] } }),
    );
    await renderLogin('fr');
    fill('Adresse e-mail', 'salma@example.ae');
    fill('Mot de passe', 'secret-password');
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Veuillez indiquer une adresse e-mail valide.')).toBeTruthy();
  });

  it('signs in and keeps only the access token', async () => {
    fetchMock.mockImplementation(async (input) =>
      urlOf(input).includes('/login')
        ? json(200, {
            success: true,
            data: {
              user: {
                id: 1,
                name: 'Salma',
                email: 'salma@example.ae',
                avatar: null,
                role: 'customer',
                created_at: '2025-01-01T00:00:00.000Z',
              },
              tokens: { accessToken: 'access', refreshToken: 'refresh', expiresIn: 900 },
            },
          })
        : json(200, { success: true, data: { providers: [] } }),
    );
    await renderLogin();
    fill('Email address', ' Salma@Example.AE ');
    fill('Password', 'caftan-2025');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(localStorage.getItem('auth_token')).toBe('access'));
    expect(localStorage.getItem('refresh_token')).toBeNull();
    const login = fetchMock.mock.calls.find(([url]) => urlOf(url).includes('/login'));
    expect(JSON.parse(typeof login?.[1]?.body === 'string' ? login[1].body : '')).toEqual({
      email: 'salma@example.ae',
      password: 'caftan-2025',
    });
  });

  it('reports an answer without user or tokens as an invalid response', async () => {
    fetchMock.mockImplementation(async (input) =>
      urlOf(input).includes('/login')
        ? json(200, { success: true, data: {} })
        : json(200, { success: true, data: { providers: [] } }),
    );
    await renderLogin('ar');
    fill('البريد الإلكتروني', 'salma@example.ae');
    fill('كلمة المرور', 'caftan-2025');
    fireEvent.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(await screen.findByText('استجابة غير صالحة من الخادم')).toBeTruthy();
    expect(localStorage.getItem('auth_token')).toBeNull();
  });
});
