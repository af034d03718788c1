/** A fresh Idempotency-Key (random, whatever the page's origin: randomUUID needs a secure one). */
export const newIdempotencyKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
