/*
 * The inline head script of every page (build/first-load/inline-script.ts writes it into index.html, where it
 * runs before the first style pass). Plain ES5, no imports: it runs before any of the app's files.
 *
 * - The theme before first paint: no flash of the wrong colours (the reading direction is the address's,
 *   written by the server).
 * - `html[data-booting]` until the app has taken over the server's page (early-input.ts's appLive).
 * - A tap on a button before then is held (the button shows it has it: global.css) and handed to the app with
 *   the address and the button's name at the time, so that it is replayed only on the same button of the same
 *   page (early-input.ts); so is a control's change. Everything else is the browser's: a link, a choice (a
 *   size's radio, a filter's checkbox), a button that opens its dialog itself (`commandfor`).
 */
/* global document, location, matchMedia, addEventListener, Element, HTMLButtonElement */
(function () {
  var d = document.documentElement,
    q = (d.earlyInput = []);
  d.dataset.booting = '';
  function name(b) {
    return b.getAttribute('aria-label') || b.textContent;
  }
  function hold(e) {
    var t = e.target;
    if (!('booting' in d.dataset) || !(t instanceof Element) || !t.closest('#root')) return;
    if (e.type === 'click') {
      if (e.button || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey || t.closest('a[href]')) return;
      var b = t.closest('button');
      if (!b || b.disabled) return;
      if (b.hasAttribute('commandfor') && 'command' in HTMLButtonElement.prototype) return;
      e.preventDefault();
      e.stopPropagation();
      b.setAttribute('data-tap-held', '');
      t = b;
    }
    q.push({ type: e.type, target: t, href: location.href, name: t.localName === 'button' ? name(t) : null });
  }
  addEventListener('click', hold, true);
  addEventListener('change', hold, true);
  addEventListener('input', hold, true);
  try {
    var m = localStorage.getItem('darkMode');
    d.dataset.theme = (m === null ? matchMedia('(prefers-color-scheme: dark)').matches : m === 'true')
      ? 'dark'
      : 'light';
  } catch {
    // storage refused: the browser's own preference stands
  }
})();
