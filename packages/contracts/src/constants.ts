/**
 * Plain values shared by API and storefront, with no zod behind them: the storefront imports these without
 * pulling the schema library into its first load.
 */
export const LANGUAGES = ['en', 'fr', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Every language has its own addresses (decision 025): English at `/...`, the others under their code
 * (`/fr/...`, `/ar/...`). Pages are declared once, without the prefix; these two functions add and read it.
 */
export function languagePath(lang: Language, path: string): string {
  return lang === 'en' ? path : `/${lang}${path}`;
}

/** The language of an address and the page's own path: `/ar/faq` is `ar` and `/faq`; `/fr` is `/`. */
export function pathLanguage(pathname: string): { lang: Language; path: string } {
  const [, first, rest] = /^\/([^/]+)(\/.*)?$/.exec(pathname) ?? [];
  const lang = LANGUAGES.find((l) => l !== 'en' && l === first);
  return lang ? { lang, path: rest ?? '/' } : { lang: 'en', path: pathname };
}

export const CURRENCY = 'AED' as const;

export const SIZES = ['S', 'M', 'L', 'XL'] as const;
export type Size = (typeof SIZES)[number];

/**
 * Public answers say of each size whether it is in stock and, at this many pieces or fewer, how many are left;
 * the exact count above it stays private.
 */
export const STOCK_LEFT_SHOWN_AT = 3;

export const PRODUCTS_MAX_PER_PAGE = 48;
/** A shop search is a few words: a longer text (a pasted paragraph) is refused rather than cut. */
export const SEARCH_MAX_LENGTH = 80;
export const SEARCH_MAX_RESULTS = 48;
/** Products offered when a search finds nothing. */
export const SEARCH_CLOSEST_COUNT = 4;
/** Words the search suggests for what is being typed. */
export const SEARCH_SUGGEST_COUNT = 6;
/** Words of one synonym group, and the length of each. */
export const SEARCH_SYNONYM_MAX_WORDS = 20;
export const SEARCH_SYNONYM_MAX_LENGTH = 40;

export const CONTACT_SUBJECTS = ['general', 'personal', 'orders', 'products', 'shipping', 'other'] as const;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

/**
 * `admin` is the owner (everything); `staff` runs the shop's day (the STAFF_AREAS of the back office);
 * `customer` has no back office.
 */
export const USER_ROLES = ['customer', 'staff', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];
/** The roles that open the back office (and so sign in with a second factor). */
export const BACK_OFFICE_ROLES = ['admin', 'staff'] as const satisfies readonly UserRole[];
export type BackOfficeRole = (typeof BACK_OFFICE_ROLES)[number];
export const isBackOfficeRole = (role: string): role is BackOfficeRole =>
  (BACK_OFFICE_ROLES as readonly string[]).includes(role);

/**
 * The parts of the back office. The owner (`admin`) uses every one; staff only STAFF_AREAS. The API classifies
 * each admin route into one area (apps/api/src/plugins/access.ts) and the web's nav and pages use the same
 * words, so a part staff may not use is neither shown nor answered.
 */
export const BACK_OFFICE_AREAS = [
  'orders',
  'returns',
  'messages',
  'products',
  'revenue',
  'customers',
  'discounts',
  'shipping',
  'refunds',
  'search',
  'mail',
  'staff',
] as const;
export type BackOfficeArea = (typeof BACK_OFFICE_AREAS)[number];
/**
 * What staff may do: orders (list, detail, status moves, shipping, payment marked paid, manual orders),
 * returns, messages, and the catalogue (products, pictures, stock adjustments, collections, galleries). Never
 * money moved or counted (revenue, refunds), customers' data, discounts, shipping settings, search settings,
 * failed mails, or staff and roles.
 */
export const STAFF_AREAS = [
  'orders',
  'returns',
  'messages',
  'products',
] as const satisfies readonly BackOfficeArea[];
export type StaffArea = (typeof STAFF_AREAS)[number];
export const roleMayUse = (role: string, area: BackOfficeArea): boolean =>
  role === 'admin' || (role === 'staff' && (STAFF_AREAS as readonly string[]).includes(area));
/** How long an invitation to the staff stays valid, by default (STAFF_INVITE_HOURS). */
export const STAFF_INVITE_HOURS = 72;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * Machine-readable reasons of some refusals (`code` of the error envelope), so the storefront can act on them:
 * an admin route needs the second factor of this sign-in (enrolled or not yet), or a change needs a sign-in of
 * the last few minutes.
 */
export const ERROR_CODES = {
  secondFactorRequired: 'second_factor_required',
  secondFactorEnrolmentRequired: 'second_factor_enrolment_required',
  freshSignInRequired: 'fresh_sign_in_required',
  /** A second factor asked by an account whose address is not confirmed yet. */
  emailUnverified: 'email_unverified',
  /** A customer asked to set up a second factor: only the back office's accounts use one. */
  secondFactorForAdminsOnly: 'second_factor_for_admins_only',
  /** A return asked after RETURN_DAYS from delivery. */
  returnWindowClosed: 'return_window_closed',
  /** A return asked of an order not delivered yet. */
  orderNotDelivered: 'order_not_delivered',
  /** An admin write based on an older version of the record (409; the answer carries `current`). */
  stale: 'stale',
  /** An admin write that did not say which version it was based on (428). */
  versionRequired: 'version_required',
  /** A checkout asked to hold more pieces than one account may (422; STOCK_HOLD_MAX_PIECES). */
  holdTooManyPieces: 'hold_too_many_pieces',
  /** The accounts of the shopper's network already hold as many pieces as one network may (429). */
  holdNetworkBusy: 'hold_network_busy',
  /** The shopper has held pieces for the longest time allowed; they may hold again after Retry-After (429). */
  holdTimeUsed: 'hold_time_used',
  /** Discount codes (cart, checkout): no such code, or one the owner switched off or deleted (422). */
  discountUnknown: 'discount_unknown',
  /** The code's last day is over (422). */
  discountExpired: 'discount_expired',
  /** The code's first day has not come yet (422). */
  discountNotStarted: 'discount_not_started',
  /** The pieces the code is for come to less than its minimum (422; the answer's `minimum` says it). */
  discountBelowMinimum: 'discount_below_minimum',
  /** Every use of the code is taken (422). */
  discountUsedUp: 'discount_used_up',
  /** This shopper used the code as often as one may (422). */
  discountCustomerLimit: 'discount_customer_limit',
  /** None of the cart's pieces is of the code's category or products (422). */
  discountNotEligible: 'discount_not_eligible',
  /** The cart's code stopped applying since it was applied: checkout refuses until it is removed (409). */
  discountNoLongerApplies: 'discount_no_longer_applies',
  /** Cash on delivery asked while COD_ENABLED is off (422). */
  cashOnDeliveryOff: 'cash_on_delivery_off',
  /** Cash on delivery asked for an address outside the UAE (422). */
  cashOnDeliveryCountry: 'cash_on_delivery_country',
  /** An idempotency key sent again with a different order (409). */
  idempotencyKeyReused: 'idempotency_key_reused',
  /** A payment change asked of an order that is not awaiting its payment (409). */
  notAwaitingPayment: 'not_awaiting_payment',
  /** A payment link whose order is paid already (410). */
  paymentLinkUsed: 'payment_link_used',
  /** A payment link past its PAYMENT_LINK_HOURS (410). */
  paymentLinkExpired: 'payment_link_expired',
  /** A category deleted while products still belong to it (409): move them first. */
  collectionNotEmpty: 'collection_not_empty',
  /** A staff member asked for a part of the back office that only the owner uses (403). */
  ownersOnly: 'owners_only',
  /** An invitation link unknown, used, revoked or expired: one answer for all (410). */
  staffInvitationInvalid: 'staff_invitation_invalid',
  /** An invitation opened while signed in to an account of another address (409). */
  staffInvitationOtherAccount: 'staff_invitation_other_account',
  /** The owner cannot be made staff nor removed from the back office here (409). */
  staffIsOwner: 'staff_is_owner',
} as const;
/** What a discount code takes off: a percentage or an amount of the eligible pieces, or the shipping. */
export const DISCOUNT_KINDS = ['percent', 'amount', 'free_shipping'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** The codes of a discount's refusal, in the order they are checked. */
export const DISCOUNT_PROBLEMS = [
  'discount_unknown',
  'discount_not_started',
  'discount_expired',
  'discount_not_eligible',
  'discount_below_minimum',
  'discount_used_up',
  'discount_customer_limit',
] as const;
export type DiscountProblem = (typeof DISCOUNT_PROBLEMS)[number];
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/**
 * Why a field was refused (`error_codes` of the error envelope: one code beside each English message of
 * `errors`, same fields, same order). The storefront words a field error in the shopper's language from its
 * code, never from the English, so rewording a message changes nothing a shopper reads.
 */
export const FIELD_ERROR_CODES = [
  /** Missing, empty or blank. */
  'required',
  /** A text (or a list) shorter than its minimum; a password below PASSWORD_MIN_LENGTH. */
  'too_short',
  /** A text (or a list) longer than its maximum; a file larger than allowed. */
  'too_long',
  /** A number below its minimum. */
  'too_small',
  /** A number above its maximum (a quantity beyond what is left, a refund beyond what was paid). */
  'too_big',
  /** Not of the right form or not one of the values taken; the code when nothing more precise fits. */
  'invalid',
  /** A confirmation that does not repeat its value (`password_confirmation`), two versions that disagree. */
  'mismatch',
  /** Already used by another record (an account's e-mail, a product's slug). */
  'taken',
  /** A password or a code that is not the right one. */
  'incorrect',
  /** A link or a set-up that is unknown, used or too old. */
  'expired',
  /** Names something that does not exist (a product, a line of the order). */
  'not_found',
  /** A product no longer sold, or a size or colour it does not come in. */
  'unavailable',
  /** A value the shop refuses in this case (a redirect elsewhere, a refund of an unpaid order). */
  'not_allowed',
  /** Would go beyond how many of a thing one may have (lines of a cart, pictures at once). */
  'limit_reached',
  /** More pieces asked than are left (the answer's `shortages` say how many). */
  'out_of_stock',
  /** One of the most common passwords. */
  'password_common',
  /** A password guessed too easily. */
  'password_weak',
  /** A password that contains the name of the account's e-mail address. */
  'password_contains_email',
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

/** What the code of a schema's issue depends on, as zod reports it (the rest of the issue does not matter). */
export interface SchemaIssue {
  code: string;
  /** What a size check measured: `string`, `array`, `number`... */
  origin?: string;
  minimum?: unknown;
  /** A refinement's own: `{ code }` names its FIELD_ERROR_CODES entry. */
  params?: unknown;
}

/**
 * The field error code of a schema's issue about `value` (the field as it was sent), so the API's answers and
 * the storefront's own checks name one failure alike. An empty field is `required` whichever check noticed it
 * (a country code's pattern, a password's minimum length), as the visitor sees it; a refinement says its own
 * code in its `params`.
 */
export function fieldErrorCodeOf(issue: SchemaIssue, value: unknown): FieldErrorCode {
  const own = (issue.params as { code?: unknown } | undefined)?.code;
  if (issue.code === 'custom' && FIELD_ERROR_CODES.includes(own as FieldErrorCode))
    return own as FieldErrorCode;
  const blank = typeof value === 'string' && value.trim() === '';
  if (value === undefined || value === null || value === '') return 'required';
  const measured = issue.origin === 'number' || issue.origin === 'bigint' || issue.origin === 'date';
  if (issue.code === 'too_small') {
    if (measured) return 'too_small';
    return Number(issue.minimum) <= 1 ? 'required' : 'too_short';
  }
  if (issue.code === 'too_big') return measured ? 'too_big' : 'too_long';
  return blank ? 'required' : 'invalid';
}

/** A TOTP code: six digits, every 30 seconds (RFC 6238, as every authenticator app shows them). */
export const TOTP_DIGITS = 6;

export const SOCIAL_PROVIDERS = ['google', 'apple', 'facebook'] as const;
export type SocialProviderName = (typeof SOCIAL_PROVIDERS)[number];

/**
 * Why a sign-in with a provider did not finish: the API sends the shopper's browser back to the callback page
 * with one of these as `error` (and `minutes` with too_many), and the page says it in the shopper's language.
 * The page shows nothing else from its address, so a crafted link cannot put words in the shop's mouth.
 */
export const SOCIAL_SIGN_IN_ERRORS = [
  'unavailable',
  'cancelled',
  'expired',
  'failed',
  'other_browser',
  'no_cookie',
  'no_email',
  'email_taken',
  'too_many',
] as const;
export type SocialSignInError = (typeof SOCIAL_SIGN_IN_ERRORS)[number];

/** Largest profile photo the API takes. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Most saved addresses one account keeps. */
export const ADDRESSES_MAX = 20;

/**
 * Width of the picture rendition a cart line or an order item keeps (shown 64 to 90 px wide: sharp on a screen
 * of up to 4 pixels per px). The API and the guest cart pick the smallest rendition at least this wide.
 */
export const THUMBNAIL_WIDTH = 400;

/** Largest quantity of one cart line. */
export const CART_MAX_QUANTITY = 99;
/** Most distinct lines (product, colour, size) one server cart holds; also the most items one merge sends. */
export const CART_MAX_LINES = 50;

export const FULFILLMENT_STATUSES = [
  'unfulfilled',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];

export const PAYMENT_STATUSES = [
  'requires_payment_method',
  'processing',
  'succeeded',
  'failed',
  'canceled',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * How an order is paid: by card or Apple Pay at checkout; cash to the courier (UAE addresses); paid to the owner
 * outside the shop (a manual order); or by card through a payment link the owner e-mailed.
 */
export const PAYMENT_METHODS = [
  'card',
  'apple_pay',
  'cash_on_delivery',
  'paid_offline',
  'payment_link',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** The methods a shopper's checkout pays with through the gateway. */
export const CHECKOUT_CARD_METHODS = ['card', 'apple_pay'] as const;
/** The gateway cannot give back what was not paid through it: the owner returns that money by hand. */
export const OFFLINE_PAYMENT_METHODS: readonly PaymentMethod[] = ['cash_on_delivery', 'paid_offline'];
/** Cash on delivery is offered for addresses in this country only. */
export const CASH_ON_DELIVERY_COUNTRY = 'AE';

/** Default country of the checkout address; the card billing fallback of the spec is MA. */
export const DEFAULT_COUNTRY = 'AE';

/**
 * The countries the address forms offer (checkout and the address book alike), as ISO 3166-1 codes: the Gulf,
 * North Africa and the Levant, and where the diaspora orders from. Their names come from the language's own
 * region names (Intl.DisplayNames), so no translation file repeats them.
 */
export const ADDRESS_COUNTRIES = [
  'AE',
  'SA',
  'QA',
  'KW',
  'BH',
  'OM',
  'JO',
  'LB',
  'EG',
  'MA',
  'DZ',
  'TN',
  'TR',
  'FR',
  'BE',
  'CH',
  'DE',
  'NL',
  'ES',
  'IT',
  'GB',
  'IE',
  'US',
  'CA',
  'AU',
] as const;
export * from './money.js';
export * from './numbers.js';
export * from './shop-time.js';
export * from './shipping-carriers.js';

/** Printable text only: rejects C0/C1 control characters (tabs and newlines included). */
export const PLAIN_TEXT = /^[^\p{Cc}]*$/u;

/**
 * An order's payment as the shopper and the owner see it: the payment's own statuses, and what refunds made
 * of it (some of it given back, or all of it).
 */
export const ORDER_PAYMENT_STATUSES = [
  ...PAYMENT_STATUSES,
  'partially_refunded',
  'refunded',
  // Placed without a card (cash on delivery, a payment link): the pieces are taken, the money is still to come.
  'awaiting_payment',
] as const;
export type OrderPaymentStatus = (typeof ORDER_PAYMENT_STATUSES)[number];

/** A refund is written `pending` before the gateway is asked; `failed` when the gateway refused it for good. */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Why money went back: the owner's refund, a cancelled order, a return, a payment whose piece was sold. */
export const REFUND_KINDS = ['owner', 'cancellation', 'return', 'sold_out'] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];

/** Returns and exchanges (RMA): asked by the shopper, worked by the owner. */
export const RETURN_TYPES = ['return', 'exchange'] as const;
export type ReturnType = (typeof RETURN_TYPES)[number];
/** In the order a return goes through them (rejected and closed end it). */
export const RETURN_STATUSES = [
  'requested',
  'approved',
  'received',
  'refunded',
  'exchanged',
  'rejected',
  'closed',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_REASONS = [
  'too_small',
  'too_large',
  'not_as_pictured',
  'damaged',
  'changed_mind',
  'other',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
