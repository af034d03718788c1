import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';

let stripePromise: Promise<Stripe | null> | undefined;

/**
 * Stripe.js once per page load, for the card fields and the wallet buttons alike. From js.stripe.com as
 * @stripe/stripe-js loads it, or from the shop's STRIPE_JS_URL (a stand-in in the browser tests): that script
 * defines `window.Stripe`, which loadStripe then uses instead of fetching its own. The page's CSP admits only
 * the configured origin.
 */
export function stripeFor(publishableKey: string, scriptUrl: string | null): Promise<Stripe | null> {
  stripePromise ??= (scriptUrl ? injectScript(scriptUrl) : Promise.resolve())
    .then(() => loadStripe(publishableKey))
    .catch((error: unknown) => {
      stripePromise = undefined;
      throw error;
    });
  return stripePromise;
}

function injectScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error(`Stripe.js did not load from ${src}`)));
    document.head.appendChild(script);
  });
}
