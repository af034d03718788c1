import { nextTask } from '@/lib/next-task';

/**
 * What the shopper did before the app listened (decision 040). The inline script (inline.js) holds a tap on a
 * button of the server's page (marking it, `data-tap-held`) and notes the controls that changed, until the app
 * has hydrated the page; `appLive` then ends the boot state and replays them, on the same elements, which
 * hydration kept. The browser keeps what it does as the app would: links, a button that opens a dialog itself
 * (`commandfor`), and choices (a size's radio, a filter's checkbox), whose change it notes. A held tap is a
 * click again, only where it still means what the shopper saw: the same address, the button still in the page,
 * shown, enabled and named as it was (hydration may have replaced or renamed it). A control the browser already
 * changed (a size chosen, a radio moved with the arrow keys, text typed in) is a change React would not see:
 * React 19 keeps the element's state when it hydrates and takes it as its own. So it is put back to what React
 * rendered and changed again the way the shopper did, which React hears.
 */
interface EarlyEvent {
  type: 'click' | 'change' | 'input';
  target: Element;
  /** The page's address when it happened. */
  href?: string;
  /** A button's name when it was tapped (its aria-label, else its text). */
  name?: string | null;
}

type Booting = HTMLElement & { earlyInput?: EarlyEvent[] };

/** The native setter, which React's own tracking of `value` on the element does not see. */
function setNativeValue(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement : HTMLInputElement;
  Object.getOwnPropertyDescriptor(proto.prototype, 'value')?.set?.call(element, value);
}

/**
 * What the browser changed by itself, read before anything is replayed: the app's answer to one replay renders
 * again, and a controlled control it renders is put back to the app's value, the shopper's change lost.
 */
function snapshot(target: Element): string | boolean | undefined {
  if (target instanceof HTMLInputElement && (target.type === 'radio' || target.type === 'checkbox'))
    return target.checked;
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) return target.value;
  return undefined;
}

/** Whether a held tap still lands where the shopper meant it: see the module's comment. */
function stillMeant({ target, href, name }: EarlyEvent): boolean {
  if (!target.isConnected || (href !== undefined && href !== location.href)) return false;
  if (!(target instanceof HTMLButtonElement)) return false;
  if (target.disabled || target.closest('[inert], [hidden]')) return false;
  if (typeof target.checkVisibility === 'function' && !target.checkVisibility()) return false;
  return name === undefined || name === (target.getAttribute('aria-label') || target.textContent);
}

function replayChange(target: Element, changedTo: string | boolean | undefined) {
  if (target instanceof HTMLSelectElement) {
    // React hears every `change` of a select.
    target.dispatchEvent(new Event('change', { bubbles: true }));
  } else if (typeof changedTo === 'boolean' && target instanceof HTMLInputElement) {
    if (changedTo === target.defaultChecked) return;
    // React rendered `defaultChecked`: back to it, then the click that changes it.
    target.checked = target.defaultChecked;
    target.click();
  } else if (
    typeof changedTo === 'string' &&
    (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)
  ) {
    if (changedTo === target.defaultValue) return;
    target.value = target.defaultValue;
    setNativeValue(target, changedTo);
    target.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** True from the inline script (inline.js) until the app has taken over the server's page (appLive). */
export const booting = () => 'booting' in document.documentElement.dataset;

/**
 * The app has taken over the server's page: controls are the app's from now on, and what the shopper did
 * before is done again, in order. Called once the page (storefront or back office) has rendered.
 */
export async function appLive() {
  const html = document.documentElement as Booting;
  if (!booting()) return;
  delete html.dataset.booting;
  for (const held of document.querySelectorAll('[data-tap-held]')) held.removeAttribute('data-tap-held');
  const early = html.earlyInput ?? [];
  html.earlyInput = [];
  const changes = new Map<Element, ReturnType<typeof snapshot>>();
  for (const { type, target } of early) if (type !== 'click') changes.set(target, snapshot(target));
  const replayed = new Set<Element>();
  for (const event of early) {
    const { type, target } = event;
    // A task of its own, as each tap had: the app renders what one did before the next is replayed.
    await nextTask();
    if (!target.isConnected || (event.href !== undefined && event.href !== location.href)) continue;
    if (type === 'click') {
      if (stillMeant(event))
        target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    } else if (!replayed.has(target)) {
      replayed.add(target);
      replayChange(target, changes.get(target));
    }
  }
}
