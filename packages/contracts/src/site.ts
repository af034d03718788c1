/** The shop's public details, as configured on the server and shown by the storefront (footer, contact, links). */
export interface ShopDetails {
  name: string;
  whatsappNumber: string;
  phone: string;
  email: string;
  /** The seller's postal address (SHOP_ADDRESS), on the legal pages. */
  address: string;
  /** The UAE VAT registration number (SHOP_TRN), or null while the shop has none. */
  trn: string | null;
  instagramUrl: string;
  facebookUrl: string;
  tiktokUrl: string;
}

/** What the storefront receives: the details and the address shoppers use. */
export interface ShopInfo extends ShopDetails {
  publicUrl: string;
}
