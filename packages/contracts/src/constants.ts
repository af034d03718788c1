/**
 * Plain values shared by API and storefront, with no zod behind them: the storefront imports these without
 * pulling the schema library into its first load.
 */
export const LANGUAGES = ['en', 'fr', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

export const CURRENCY = 'AED' as const;

export const SIZES = ['S', 'M', 'L', 'XL'] as const;
export type Size = (typeof SIZES)[number];

export const PRODUCTS_MAX_PER_PAGE = 48;
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_MAX_RESULTS = 48;

export const CONTACT_SUBJECTS = ['general', 'personal', 'orders', 'products', 'shipping', 'other'] as const;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

export const USER_ROLES = ['customer', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
