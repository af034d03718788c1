/**
 * Every page of the account area (signing in, the customer's pages, checkout and orders) in one file, loaded on
 * the first visit to any of them. Split page by page,
 * the pieces they share (forms, fields, the sign-in calls) would land in the `shared` chunk that every visitor
 * downloads first (vite.config.ts); most visitors never sign in.
 */
export { default as LoginPage } from '@/features/auth/login-page';
export { default as RegisterPage } from '@/features/auth/register-page';
export { default as ForgotPasswordPage } from '@/features/auth/forgot-password-page';
export { default as ResetPasswordPage } from '@/features/auth/reset-password-page';
export { default as SocialCallbackPage } from '@/features/auth/social-callback-page';
export { default as VerifyEmailPage } from '@/features/auth/verify-email-page';
export { default as TwoFactorPage } from '@/features/auth/two-factor-page';
export { default as SecurityPage } from '@/features/account/security-page';
export { default as ProfilePage } from '@/features/account/profile-page';
export { default as AddressesPage } from '@/features/account/addresses-page';
export { default as CheckoutPage } from '@/features/checkout/checkout-page';
export { default as OrderConfirmationPage } from '@/features/checkout/order-confirmation-page';
export { default as PayLinkPage } from '@/features/checkout/pay-link-page';
export { default as OrdersPage } from '@/features/orders/orders-page';
export { default as InvoicePage } from '@/features/orders/invoice-page';
export { default as CreditNotePage } from '@/features/orders/credit-note-page';
export { default as StaffInvitationPage } from '@/features/auth/staff-invitation-page';
