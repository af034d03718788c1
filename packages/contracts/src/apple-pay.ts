import type { AddressFields } from './account.js';

/** Apple Pay's contact (`ApplePayPaymentContact`), as the payment sheet hands it over. */
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

/**
 * A wallet contact as address fields, for the storefront and the API alike: trimmed, the e-mail in lower case,
 * the country code in capitals, '' where the wallet gave nothing.
 */
export function applePayContactFields(contact: ApplePayContact): AddressFields {
  return {
    name: [contact.givenName, contact.familyName].filter(Boolean).join(' ').trim(),
    email: (contact.emailAddress ?? '').trim().toLowerCase(),
    phone: (contact.phoneNumber ?? '').trim(),
    address: (contact.addressLines ?? []).filter(Boolean).join(', ').trim(),
    city: (contact.locality ?? '').trim(),
    postalCode: (contact.postalCode ?? '').trim(),
    country: (contact.countryCode ?? '').trim().toUpperCase(),
  };
}
