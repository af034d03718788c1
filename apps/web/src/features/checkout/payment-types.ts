import type { AddressFields } from '@boutique/contracts';

/** How a card confirmation ended, whichever form (sandbox fields or Stripe Elements) made it. */
export type Confirmation =
  | { kind: 'succeeded'; intentId: string }
  /** The provider refused the card: `code` (Stripe's decline or error code) is shown in the shopper's language. */
  | { kind: 'declined'; code: string | undefined; message: string }
  /** Anything but succeeded: 'Payment status: {status}. Please try again.' */
  | { kind: 'status'; status: string }
  | { kind: 'failed'; reason: 'providerNotLoaded' | 'elementMissing' | 'processing' | 'unexpected' };

/** What the payment step asks of the card form it shows. */
export interface CardFormHandle {
  /** Shows what is wrong with the fields; false when the card cannot be sent yet. */
  check(): boolean;
  confirm(clientSecret: string, billing: AddressFields): Promise<Confirmation>;
}
