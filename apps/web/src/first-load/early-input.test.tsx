import { useState } from 'react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { appLive } from './early-input';

/** A size to choose and a button that adds it, like the product page's. */
function Piece() {
  const [size, setSize] = useState('S');
  const [note, setNote] = useState('');
  const [added, setAdded] = useState<string[]>([]);
  return (
    <div>
      {['S', 'M', 'L'].map((s) => (
        <label key={s} data-size={s}>
          <input type="radio" name="size" value={s} checked={s === size} onChange={() => setSize(s)} />
          {s}
        </label>
      ))}
      <input aria-label="note" value={note} onChange={(e) => setNote(e.target.value)} />
      <button type="button" onClick={() => setAdded((a) => [...a, `${size}${note}`])}>
        Add
      </button>
      <output>{added.join(',')}</output>
    </div>
  );
}

type Early = {
  type: 'click' | 'change' | 'input';
  target: Element;
  href?: string;
  name?: string | null;
};

/** The server's page, then what the shopper does before the app listens, then the app taking over. */
async function hydrateAfter(early: (root: HTMLElement) => Early[]) {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = renderToString(<Piece />);
  document.body.append(root);
  const html = document.documentElement as HTMLElement & { earlyInput?: Early[] };
  html.dataset.booting = '';
  html.earlyInput = early(root);
  await act(async () => {
    hydrateRoot(root, <Piece />);
  });
  await act(async () => {
    await appLive();
  });
  return root;
}

const $ = <T extends Element>(root: HTMLElement, selector: string) => root.querySelector(selector) as T;

describe('appLive', () => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  it('replays held taps in order, on the elements the server rendered', async () => {
    const root = await hydrateAfter((r) => {
      const large = $<HTMLInputElement>(r, 'input[value="L"]');
      large.checked = true;
      return [
        { type: 'change', target: large, href: location.href },
        { type: 'click', target: $(r, 'button'), href: location.href, name: 'Add' },
        { type: 'click', target: $(r, 'button'), href: location.href, name: 'Add' },
      ];
    });
    expect($(root, 'output').textContent).toBe('L,L');
    expect($<HTMLInputElement>(root, 'input[value="L"]').checked).toBe(true);
    expect('booting' in document.documentElement.dataset).toBe(false);
  });

  it('drops a tap whose page has changed since: another address, or the button renamed or disabled', async () => {
    const elsewhere = await hydrateAfter((r) => [
      { type: 'click', target: $(r, 'button'), href: `${location.href}#elsewhere`, name: 'Add' },
    ]);
    expect($(elsewhere, 'output').textContent).toBe('');
    document.body.replaceChildren();
    const renamed = await hydrateAfter((r) => [
      { type: 'click', target: $(r, 'button'), href: location.href, name: 'Remove' },
    ]);
    expect($(renamed, 'output').textContent).toBe('');
    document.body.replaceChildren();
    const disabled = await hydrateAfter((r) => {
      $<HTMLButtonElement>(r, 'button').disabled = true;
      return [{ type: 'click', target: $(r, 'button'), href: location.href, name: 'Add' }];
    });
    expect($(disabled, 'output').textContent).toBe('');
  });

  it('takes the held mark off the tapped button as it replays the tap', async () => {
    const root = await hydrateAfter((r) => {
      $(r, 'button').setAttribute('data-tap-held', '');
      return [{ type: 'click', target: $(r, 'button') }];
    });
    expect($(root, 'button').hasAttribute('data-tap-held')).toBe(false);
    expect($(root, 'output').textContent).toBe('S');
  });

  it('tells the app of a size chosen and of text typed in before it listened', async () => {
    const root = await hydrateAfter((r) => {
      // What the browser did by itself: the tap or the arrow key moved the choice, the keys typed the note.
      const medium = $<HTMLInputElement>(r, 'input[value="M"]');
      medium.checked = true;
      const note = $<HTMLInputElement>(r, 'input[aria-label="note"]');
      note.value = '!';
      return [
        { type: 'change', target: medium },
        { type: 'input', target: note },
        { type: 'click', target: $(r, 'button') },
      ];
    });
    expect($(root, 'output').textContent).toBe('M!');
  });

  it('does nothing once the app listens', async () => {
    const root = await hydrateAfter(() => []);
    (document.documentElement as HTMLElement & { earlyInput?: Early[] }).earlyInput = [
      { type: 'click', target: $(root, 'button') },
    ];
    await act(async () => {
      await appLive();
    });
    expect($(root, 'output').textContent).toBe('');
  });
});
