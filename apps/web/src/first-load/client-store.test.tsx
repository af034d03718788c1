import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { useClientStore } from './client-store';

/** A store the server cannot read: it renders 'server', the browser holds 'browser'. */
const store = {
  subscribe: () => () => {},
  get: () => 'browser',
  server: () => 'server',
};

/** Slow to render the browser's value (4 ms, like a header on a phone): the log notes the first time it does. */
function SlowReader({ n, log }: { n: number; log: string[] }) {
  const value = useClientStore(store.subscribe, store.get, store.server);
  if (value === 'browser') {
    const end = performance.now() + 4;
    while (performance.now() < end);
    if (!log.includes(`reader ${n}`)) log.push(`reader ${n}`);
  }
  return <p>{value}</p>;
}

const html = document.documentElement;
afterEach(() => {
  delete html.dataset.booting;
  document.getElementById('root')?.remove();
});

describe('useClientStore', () => {
  it('hydrates with the server value and takes the browser one in slices, not in one blocking task', async () => {
    const log: string[] = [];
    const page = (
      <>
        {[1, 2, 3, 4].map((n) => (
          <SlowReader key={n} n={n} log={log} />
        ))}
      </>
    );
    const root = document.createElement('div');
    root.id = 'root';
    // The server's page (this test runs as the browser: its own renderToString would read the browser's value).
    root.innerHTML = '<p>server</p>'.repeat(4);
    document.body.append(root);
    html.dataset.booting = '';
    const errors: unknown[] = [];
    hydrateRoot(root, page, { onRecoverableError: (error) => errors.push(error) });
    // Other tasks (a tap, a paint) as the browser would run them between React's.
    let ticking = true;
    const tick = () => {
      log.push('task');
      if (ticking) setTimeout(tick, 0);
    };
    setTimeout(tick, 0);
    await expect.poll(() => root.textContent).toBe('browser'.repeat(4));
    ticking = false;

    expect(errors).toEqual([]);
    // Plain useSyncExternalStore renders all four again at once, in one task, right after hydrating.
    const readers = log.flatMap((entry, i) => (entry.startsWith('reader') ? [i] : []));
    expect(readers).toHaveLength(4);
    expect(log.slice(readers[0], readers.at(-1)).filter((entry) => entry === 'task').length).toBeGreaterThan(
      0,
    );
  });

  it('shows the browser value from the first render once the app is live', async () => {
    const root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
    const rendered: string[] = [];
    function Reader() {
      const value = useClientStore(store.subscribe, store.get, store.server);
      rendered.push(value);
      return <p>{value}</p>;
    }
    await act(async () => {
      createRoot(root).render(<Reader />);
    });
    expect(rendered).toEqual(['browser']);
    expect(root.textContent).toBe('browser');
  });
});
