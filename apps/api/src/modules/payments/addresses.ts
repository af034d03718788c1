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

export interface ApplePayContact {
  givenName?: string;
  familyName?: string;
  emailAddress?: string;
  phoneNumber?: string;
  addressLines?: string[];
  locality?: string;
  postalCode?: string;
  countryCode?: string;
}

/** Apple Pay's `ApplePayPaymentContact` as a checkout address. */
export function applePayContactAddress(contact: ApplePayContact | undefined): AddressSnapshot | undefined {
  if (!contact) return undefined;
  return completeAddress({
    name: [contact.givenName, contact.familyName].filter(Boolean).join(' '),
    email: contact.emailAddress?.toLowerCase(),
    phone: contact.phoneNumber,
    address: contact.addressLines?.filter(Boolean).join(', '),
    city: contact.locality,
    postalCode: contact.postalCode,
    country: contact.countryCode?.toUpperCase(),
  });
}
