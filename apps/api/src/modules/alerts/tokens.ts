import { createHmac, timingSafeEqual } from 'node:crypto';

/** What an unsubscribe link stops: back-in-stock mail to an address, or an account's checkout reminders. */
export type UnsubscribeKind = 'stock-requests' | 'checkout-reminders';

/**
 * Unsubscribe links that work without signing in: `{subject}.{signature}`, the subject (an address, an account
 * id) in base64url and an HMAC-SHA256 of kind and subject under the shop's secret. Nothing is stored; a forged or
 * altered token does not verify.
 */
export class UnsubscribeTokens {
  constructor(private readonly secret: string) {}

  sign(kind: UnsubscribeKind, subject: string): string {
    return `${Buffer.from(subject).toString('base64url')}.${this.#mac(kind, subject)}`;
  }

  /** The subject the token was made for, or undefined. */
  verify(kind: UnsubscribeKind, token: string): string | undefined {
    const [encoded, mac] = token.split('.');
    if (!encoded || !mac || token.split('.').length !== 2) return undefined;
    const subject = Buffer.from(encoded, 'base64url').toString();
    const expected = Buffer.from(this.#mac(kind, subject));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? subject : undefined;
  }

  #mac(kind: UnsubscribeKind, subject: string) {
    return createHmac('sha256', this.secret).update(`unsubscribe:${kind}:${subject}`).digest('base64url');
  }
}
