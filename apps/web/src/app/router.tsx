import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { paths } from '@/config/paths';
import { Frame } from './frame/frame';
import { ErrorBoundary } from './frame/error-boundary';
import { AdminRoute, GuestRoute, ProtectedRoute } from './guards';

// Every page is its own chunk; the frame is in the first load. Declarative routes keep the data router (which
// this storefront does not use) out of the first load.
const HomePage = lazy(() => import('@/features/home/home-page'));
const CollectionsPage = lazy(() => import('@/features/catalog/collections-page'));
const CollectionPage = lazy(() => import('@/features/catalog/collection-page'));
const ProductPage = lazy(() => import('@/features/catalog/product-page'));
const CartPage = lazy(() => import('@/features/cart/cart-page'));
const FaqPage = lazy(() => import('@/features/content/faq-page'));
const ShippingPage = lazy(() => import('@/features/content/shipping-page'));
const SizeGuidePage = lazy(() => import('@/features/content/size-guide-page'));
const ContactPage = lazy(() => import('@/features/content/contact-page'));
const OurStoryPage = lazy(() => import('@/features/content/our-story-page'));
const LegalPage = lazy(() => import('@/features/content/legal-page'));
const NotFoundPage = lazy(() => import('@/features/content/not-found-page'));
// The account area is one chunk (see account-area.ts).
const accountArea = () => import('./account-area');
const LoginPage = lazy(() => accountArea().then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => accountArea().then((m) => ({ default: m.RegisterPage })));
const ForgotPasswordPage = lazy(() => accountArea().then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => accountArea().then((m) => ({ default: m.ResetPasswordPage })));
const SocialCallbackPage = lazy(() => accountArea().then((m) => ({ default: m.SocialCallbackPage })));
const ProfilePage = lazy(() => accountArea().then((m) => ({ default: m.ProfilePage })));
const VerifyEmailPage = lazy(() => accountArea().then((m) => ({ default: m.VerifyEmailPage })));
const TwoFactorPage = lazy(() => accountArea().then((m) => ({ default: m.TwoFactorPage })));
const SecurityPage = lazy(() => accountArea().then((m) => ({ default: m.SecurityPage })));
const AddressesPage = lazy(() => accountArea().then((m) => ({ default: m.AddressesPage })));
const CheckoutPage = lazy(() => accountArea().then((m) => ({ default: m.CheckoutPage })));
const OrderConfirmationPage = lazy(() => accountArea().then((m) => ({ default: m.OrderConfirmationPage })));
const OrdersPage = lazy(() => accountArea().then((m) => ({ default: m.OrdersPage })));
const InvoicePage = lazy(() => accountArea().then((m) => ({ default: m.InvoicePage })));
// The back office: one lazy module that holds its own routes (and loads each of its pages lazily in turn), so a
// shopper's first load carries only this line and the guard.
const AdminApp = lazy(() => import('@/features/admin/admin-app'));

/** What a signed-in customer sees at a back-office address: the shop's not-found page. */
const notFoundInFrame = (
  <Frame>
    <NotFoundPage />
  </Frame>
);

/** The routes, inside whichever router the side provides (BrowserRouter here, StaticRouter on the server). */
export function AppRoutes() {
  return (
    <ErrorBoundary>
      <Routes>
        <Route element={<Frame />}>
          <Route index element={<HomePage />} />
          <Route path={paths.collections.path} element={<CollectionsPage />} />
          <Route path={paths.collection.path} element={<CollectionPage />} />
          <Route path={paths.product.path} element={<ProductPage />} />
          <Route path={paths.cart.path} element={<CartPage />} />
          <Route path={paths.faq.path} element={<FaqPage />} />
          <Route path={paths.shipping.path} element={<ShippingPage />} />
          <Route path={paths.sizeGuide.path} element={<SizeGuidePage />} />
          <Route path={paths.contact.path} element={<ContactPage />} />
          <Route path={paths.ourStory.path} element={<OurStoryPage />} />
          <Route path={paths.terms.path} element={<LegalPage page="terms" />} />
          <Route path={paths.privacy.path} element={<LegalPage page="privacy" />} />
          <Route path={paths.returns.path} element={<LegalPage page="returns" />} />
          <Route element={<GuestRoute />}>
            <Route path={paths.login.path} element={<LoginPage />} />
            <Route path={paths.register.path} element={<RegisterPage />} />
          </Route>
          <Route path={paths.forgotPassword.path} element={<ForgotPasswordPage />} />
          <Route path={paths.resetPassword.path} element={<ResetPasswordPage />} />
          <Route path={paths.socialCallback.path} element={<SocialCallbackPage />} />
          <Route path={paths.verifyEmail.path} element={<VerifyEmailPage />} />
          <Route element={<ProtectedRoute />}>
            <Route path={paths.profile.path} element={<ProfilePage />} />
            <Route path={paths.addresses.path} element={<AddressesPage />} />
            <Route path={paths.security.path} element={<SecurityPage />} />
            <Route path={paths.twoFactor.path} element={<TwoFactorPage />} />
            <Route path={paths.orders.path} element={<OrdersPage />} />
            <Route path={paths.invoice.path} element={<InvoicePage />} />
            <Route path={paths.checkout.path} element={<CheckoutPage />} />
            <Route path={paths.orderConfirmation.path} element={<OrderConfirmationPage />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route
          path={`${paths.admin.path}/*`}
          element={
            <AdminRoute denied={notFoundInFrame}>
              <AdminApp />
            </AdminRoute>
          }
        />
      </Routes>
    </ErrorBoundary>
  );
}
