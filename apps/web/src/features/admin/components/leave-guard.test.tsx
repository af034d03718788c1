import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import {
  BrowserRouter,
  Link,
  Route,
  Routes,
  useLocation,
  useNavigationType,
  useSearchParams,
} from 'react-router';
import type { i18n } from 'i18next';
import { createTestI18n, stubModalDialogs } from '@/testing/providers';
import { LeaveGuard } from './leave-guard';
import { useHeldLocation } from './use-leave-guard';

beforeEach(stubModalDialogs);
afterEach(cleanup);

/** A form page: a note that, once typed, is unsaved work; a filter in its own address. */
function NotePage() {
  const [note, setNote] = useState('');
  const [params, setParams] = useSearchParams();
  return (
    <>
      <h1>Note page</h1>
      <label>
        Note
        <input value={note} onChange={(e) => setNote(e.target.value)} />
      </label>
      <button type="button" onClick={() => setParams({ tab: 'history' })}>
        History tab
      </button>
      <p>Tab: {params.get('tab') ?? 'none'}</p>
      <Link to="/admin/orders">Orders</Link>
      <LeaveGuard when={note !== ''} />
    </>
  );
}

/** The back office's routes, as admin-app.tsx declares them. */
function Admin() {
  const location = useHeldLocation(useLocation(), useNavigationType());
  return (
    <Routes location={location}>
      <Route path="/admin/orders" element={<Link to="/admin/notes">Open the note</Link>} />
      <Route path="/admin/notes" element={<NotePage />} />
    </Routes>
  );
}

function renderInBrowser(instance: i18n) {
  window.history.replaceState(null, '', '/admin/orders');
  render(
    <I18nextProvider i18n={instance}>
      <BrowserRouter>
        <Admin />
      </BrowserRouter>
    </I18nextProvider>,
  );
}

// jsdom goes back in a task of its own, as browsers do: the dialog is waited for, not the move.
const back = () => {
  act(() => window.history.back());
};

describe('the leave guard', () => {
  it('holds the browser’s Back while work is unsaved, stays on the page or goes back as the owner says', async () => {
    const { i18n } = await createTestI18n('fr');
    renderInBrowser(i18n);
    fireEvent.click(screen.getByRole('link', { name: 'Open the note' }));
    fireEvent.change(await screen.findByLabelText('Note'), { target: { value: 'Call Salma' } });

    back();
    const dialog = await screen.findByRole('dialog', { name: 'Quitter sans enregistrer ?' });
    // The form is still shown, its work kept, while the owner answers.
    expect(screen.getByLabelText<HTMLInputElement>('Note').value).toBe('Call Salma');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rester sur la page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(window.location.pathname).toBe('/admin/notes'));
    expect(screen.getByRole('heading', { name: 'Note page' })).toBeTruthy();

    back();
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Quitter sans enregistrer ?' })).getByRole('button', {
        name: 'Quitter',
      }),
    );
    expect(await screen.findByRole('link', { name: 'Open the note' })).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/admin/orders'));
  });

  it('lets a move within the page (its own address) through unasked', async () => {
    const { i18n } = await createTestI18n('en');
    renderInBrowser(i18n);
    fireEvent.click(screen.getByRole('link', { name: 'Open the note' }));
    fireEvent.change(await screen.findByLabelText('Note'), { target: { value: 'Call Salma' } });
    fireEvent.click(screen.getByRole('button', { name: 'History tab' }));
    expect(await screen.findByText('Tab: history')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Note').value).toBe('Call Salma');
    // Leaving the page is still asked about.
    fireEvent.click(screen.getByRole('link', { name: 'Orders' }));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeTruthy();
  });
});
