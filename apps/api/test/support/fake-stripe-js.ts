import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Stripe.js, served from its own origin as js.stripe.com serves the real one: just what the
 * checkout calls. `Stripe(key)` gives `elements()`; its card fields are frames of this origin (the shop's
 * frame-src must admit it) that tell the page what is typed; `confirmCardPayment` posts the card to the fake
 * Stripe API from the page (connect-src must admit that origin); the Express Checkout Element reports that
 * this browser has no wallet. Its own script, frames and calls are what the shop's CSP is tested against.
 */
export interface FakeStripeJs {
  /** The script's address: STRIPE_JS_URL. */
  scriptUrl: string;
  origin: string;
  close(): Promise<void>;
}

const FIELD_LABELS: Record<string, string> = {
  cardNumber: 'Card number',
  cardExpiry: 'Expiration date MM / YY',
  cardCvc: 'Security code',
};

function script(apiUrl: string, origin: string) {
  return `(function () {
  var API = ${JSON.stringify(apiUrl)};
  var ORIGIN = ${JSON.stringify(origin)};
  function Stripe(key) {
    var fields = {};
    window.addEventListener('message', function (event) {
      if (event.origin !== ORIGIN || !event.data || event.data.fakeStripe !== true) return;
      var field = fields[event.data.kind];
      if (!field) return;
      field.value = event.data.value;
      if (field.handlers.change) {
        field.handlers.change({
          elementType: event.data.kind,
          complete: event.data.complete,
          empty: event.data.value === '',
          brand: event.data.brand,
        });
      }
    });
    function element(kind) {
      var handlers = {};
      var self = {
        on: function (name, handler) { handlers[name] = handler; return self; },
        update: function () { return Promise.resolve(); },
        destroy: function () {
          var field = fields[kind];
          if (field && field.frame.parentNode) field.frame.parentNode.removeChild(field.frame);
          delete fields[kind];
        },
        mount: function (host) {
          if (typeof host === 'string') host = document.querySelector(host);
          if (kind === 'expressCheckout') {
            // No wallet in this browser.
            setTimeout(function () {
              if (handlers.ready) handlers.ready({ elementType: kind, availablePaymentMethods: undefined });
            }, 0);
            return;
          }
          var frame = document.createElement('iframe');
          frame.src = ORIGIN + '/v3/field.html#' + kind;
          frame.title = 'Secure ' + kind + ' input frame';
          frame.setAttribute('allow', 'payment *');
          frame.style.border = '0';
          frame.style.width = '100%';
          frame.style.height = '2.4em';
          fields[kind] = { frame: frame, value: '', handlers: handlers };
          frame.addEventListener('load', function () { if (handlers.ready) handlers.ready({ elementType: kind }); });
          host.appendChild(frame);
        },
      };
      return self;
    }
    function form(data) {
      var body = new URLSearchParams();
      Object.keys(data).forEach(function (name) { if (data[name] != null) body.set(name, String(data[name])); });
      return body;
    }
    return {
      elements: function () {
        var made = {};
        return {
          create: function (kind) { made[kind] = element(kind); return made[kind]; },
          getElement: function (kind) { return made[kind] || null; },
          update: function () { return Promise.resolve(); },
          submit: function () { return Promise.resolve({}); },
        };
      },
      confirmCardPayment: function (clientSecret, data) {
        var intentId = clientSecret.split('_secret_')[0];
        var billing = (data && data.payment_method && data.payment_method.billing_details) || {};
        var address = billing.address || {};
        var value = function (kind) { return fields[kind] ? fields[kind].value : ''; };
        return fetch(API + '/v1/payment_intents/' + intentId + '/confirm', {
          method: 'POST',
          body: form({
            key: key,
            client_secret: clientSecret,
            'payment_method_data[type]': 'card',
            'payment_method_data[card][number]': value('cardNumber'),
            'payment_method_data[card][exp]': value('cardExpiry'),
            'payment_method_data[card][cvc]': value('cardCvc'),
            'payment_method_data[billing_details][name]': billing.name,
            'payment_method_data[billing_details][email]': billing.email,
            'payment_method_data[billing_details][phone]': billing.phone,
            'payment_method_data[billing_details][address][line1]': address.line1,
            'payment_method_data[billing_details][address][city]': address.city,
            'payment_method_data[billing_details][address][postal_code]': address.postal_code,
            'payment_method_data[billing_details][address][country]': address.country,
          }),
        })
          .then(function (res) { return res.json(); })
          .then(function (answer) { return answer.error ? { error: answer.error } : { paymentIntent: answer }; });
      },
    };
  }
  Stripe.version = 3;
  window.Stripe = Stripe;
})();
`;
}

function field() {
  const labels = JSON.stringify(FIELD_LABELS);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Card field</title>
<style>body{margin:0}input{box-sizing:border-box;width:100%;font:16px system-ui;padding:.4em;border:0}</style>
</head><body><input id="field" autocomplete="off">
<script>
  var kind = location.hash.slice(1);
  var input = document.getElementById('field');
  input.setAttribute('aria-label', (${labels})[kind] || kind);
  var complete = {
    cardNumber: function (v) { return v.replace(/\\D/g, '').length >= 15; },
    cardExpiry: function (v) { return /^\\d{2} ?\\/ ?\\d{2}$/.test(v.trim()); },
    cardCvc: function (v) { return /^\\d{3,4}$/.test(v.trim()); },
  }[kind];
  input.addEventListener('input', function () {
    var digits = input.value.replace(/\\D/g, '');
    parent.postMessage({
      fakeStripe: true,
      kind: kind,
      value: input.value,
      complete: complete ? complete(input.value) : false,
      brand: kind === 'cardNumber' ? (digits[0] === '4' ? 'visa' : digits[0] === '5' ? 'mastercard' : 'unknown') : undefined,
    }, '*');
  });
</script></body></html>`;
}

export async function startFakeStripeJs(apiUrl: string, port = 0): Promise<FakeStripeJs> {
  let origin = '';
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    if (path === '/v3/stripe.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      res.end(script(apiUrl, origin));
    } else if (path === '/v3/field.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(field());
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    scriptUrl: `${origin}/v3/stripe.js`,
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
