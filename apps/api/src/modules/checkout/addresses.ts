import { applePayContactFields, type ApplePayContact } from '@boutique/contracts';
import type { AddressSnapshot } from '../../db/schema/index.js';

const EMPTY: AddressSnapshot = {
  name: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  postalCode: '',
  country: '',
};

/** A partial address (card billing details, a wallet contact) with every field present, '' when unknown. */
export function completeAddress(partial: Partial<AddressSnapshot>): AddressSnapshot {
  const out = { ...EMPTY };
  for (const key of Object.keys(EMPTY) as (keyof AddressSnapshot)[]) {
    const value = partial[key];
    if (typeof value === 'string') out[key] = value.trim();
  }
  return out;
}

/** Apple Pay's `ApplePayPaymentContact` as a checkout address. */
export function applePayContactAddress(contact: ApplePayContact | undefined): AddressSnapshot | undefined {
  return contact ? completeAddress(applePayContactFields(contact)) : undefined;
}
