import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createTestI18n, renderWithProviders } from '@/testing/providers';
import { ContactForm } from './contact-form';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function renderForm(lng: 'en' | 'fr' = 'en') {
  const { i18n } = await createTestI18n(lng);
  renderWithProviders(<ContactForm titleId="contact-title" />, i18n);
}

const field = (label: RegExp | string) => screen.getByLabelText<HTMLInputElement>(label);

function fillIn() {
  fireEvent.change(field('Full name'), { target: { value: ' Salma ' } });
  fireEvent.change(field('Email address'), { target: { value: 'salma@example.ae' } });
  fireEvent.change(field(/Subject/), { target: { value: 'orders' } });
  fireEvent.change(field('Message'), { target: { value: 'Where is my caftan?' } });
}

describe('contact form', () => {
  it('shows a translated error under each required field and clears it when the field is edited', async () => {
    await renderForm('fr');
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer le message' }));

    const name = await screen.findByLabelText('Nom complet');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Veuillez indiquer votre nom.',
    );
    expect(screen.getByText('Veuillez indiquer votre adresse e-mail.')).toBeTruthy();
    expect(screen.getByText('Veuillez écrire votre message.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(name, { target: { value: 'S' } });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBeNull());
    expect(screen.queryByText('Veuillez indiquer votre nom.')).toBeNull();
    expect(screen.getByText('Veuillez écrire votre message.')).toBeTruthy();
  });

  it('sends the trimmed message, thanks the visitor for five seconds and empties the form', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fetchMock.mockResolvedValue(json(201, { success: true, data: { id: 1, message: 'ok' } }));
    await renderForm();
    fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));

    const status = await screen.findByText(/Thank you for your message/);
    expect(status.closest('[role="status"]')).not.toBeNull();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url instanceof URL ? url.pathname : url).toBe('/api/v1/contact');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(typeof init?.body === 'string' ? init.body : '')).toEqual({
      name: 'Salma',
      email: 'salma@example.ae',
      phone: '',
      subject: 'orders',
      message: 'Where is my caftan?',
      lang: 'en',
    });
    expect(field('Full name').value).toBe('');

    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.queryByText(/Thank you for your message/)).toBeNull();
  });

  it('keeps what was typed and says so when the message could not be sent', async () => {
    fetchMock.mockResolvedValue(json(500, { success: false, message: 'Server error' }));
    await renderForm();
    fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));

    const failure = await screen.findByText(/could not be sent/);
    expect(failure.closest('[role="alert"]')).not.toBeNull();
    expect(field('Full name').value).toBe(' Salma ');
    expect(field('Message').value).toBe('Where is my caftan?');
  });

  it('shows the first error of each field the server refused, worded from its code', async () => {
    fetchMock.mockResolvedValue(
      json(422, {
        success: false,
        message: 'The given data was invalid',
        errors: { email: ['The email is blocked.', 'second'] },
        error_codes: { email: ['invalid', 'required'] },
      }),
    );
    await renderForm();
    fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('This email address does not look valid.')).toBeTruthy();
    expect(screen.queryByText('The email is blocked.')).toBeNull();
    expect(screen.queryByText('Please enter your email address.')).toBeNull();
    expect(field('Email address').getAttribute('aria-invalid')).toBe('true');
  });
});
