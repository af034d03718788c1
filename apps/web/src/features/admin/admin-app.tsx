import { lazy } from 'react';
import { Route, Routes, useLocation, useNavigationType } from 'react-router';
import { paths } from '@/config/paths';
import AdminLayout, { AdminNotFound, OwnersOnly } from './admin-layout';
import { useHeldLocation } from './components/use-leave-guard';

const DashboardPage = lazy(() => import('./dashboard/dashboard-page'));
const ProductsPage = lazy(() => import('./products/products-page'));
const ProductEditPage = lazy(() => import('./products/product-edit-page'));
const CatalogueCsvPage = lazy(() => import('./products/catalogue-csv-page'));
const CollectionsPage = lazy(() => import('./collections/collections-page'));
const CollectionEditPage = lazy(() => import('./collections/collection-edit-page'));
const SynonymsPage = lazy(() => import('./search/synonyms-page'));
const GalleryPage = lazy(() => import('./gallery/gallery-page'));
const OrdersPage = lazy(() => import('./orders/orders-page'));
const OrderPage = lazy(() => import('./orders/order-page'));
const NewOrderPage = lazy(() => import('./orders/new-order-page'));
const PackingSlipPage = lazy(() => import('./orders/packing-slip-page'));
const ReturnsPage = lazy(() => import('./returns/returns-page'));
const ReturnPage = lazy(() => import('./returns/return-page'));
const MessagesPage = lazy(() => import('./messages/messages-page'));
const CustomersPage = lazy(() => import('./customers/customers-page'));
const CustomerPage = lazy(() => import('./customers/customer-page'));
const ShippingPage = lazy(() => import('./shipping/shipping-page'));
const DiscountsPage = lazy(() => import('./discounts/discounts-page'));
const ReportsPage = lazy(() => import('./reports/reports-page'));
const StaffPage = lazy(() => import('./staff/staff-page'));

/** A path of paths.ts as the routes below `/admin/*` name it. */
const under = (path: string) => path.slice(paths.admin.path.length + 1);

/** The back office's routes (under `/admin/*` of app/router.tsx, behind the admin guard): one page each. */
export default function AdminApp() {
  // A form with unsaved edits keeps its page while Back or Forward waits for the owner's answer.
  const location = useHeldLocation(useLocation(), useNavigationType());
  return (
    <Routes location={location}>
      <Route element={<AdminLayout />}>
        <Route index element={<DashboardPage />} />
        <Route path={under(paths.adminProducts.path)} element={<ProductsPage />} />
        <Route path={under(paths.adminNewProduct.path)} element={<ProductEditPage />} />
        <Route path={under(paths.adminProductsImport.path)} element={<CatalogueCsvPage />} />
        <Route path={under(paths.adminProduct.path)} element={<ProductEditPage />} />
        <Route path={under(paths.adminCollections.path)} element={<CollectionsPage />} />
        <Route path={under(paths.adminNewCollection.path)} element={<CollectionEditPage />} />
        <Route path={under(paths.adminCollection.path)} element={<CollectionEditPage />} />
        <Route
          path={under(paths.adminSearch.path)}
          element={
            <OwnersOnly area="search">
              <SynonymsPage />
            </OwnersOnly>
          }
        />
        <Route path={under(paths.adminGallery.path)} element={<GalleryPage />} />
        <Route path={under(paths.adminOrders.path)} element={<OrdersPage />} />
        <Route path={under(paths.adminNewOrder.path)} element={<NewOrderPage />} />
        <Route path={under(paths.adminOrder.path)} element={<OrderPage />} />
        <Route path={under(paths.adminPackingSlip.path)} element={<PackingSlipPage />} />
        <Route path={under(paths.adminReturns.path)} element={<ReturnsPage />} />
        <Route path={under(paths.adminReturn.path)} element={<ReturnPage />} />
        <Route path={under(paths.adminMessages.path)} element={<MessagesPage />} />
        <Route
          path={under(paths.adminCustomers.path)}
          element={
            <OwnersOnly area="customers">
              <CustomersPage />
            </OwnersOnly>
          }
        />
        <Route
          path={under(paths.adminCustomer.path)}
          element={
            <OwnersOnly area="customers">
              <CustomerPage />
            </OwnersOnly>
          }
        />
        <Route
          path={under(paths.adminShipping.path)}
          element={
            <OwnersOnly area="shipping">
              <ShippingPage />
            </OwnersOnly>
          }
        />
        <Route
          path={under(paths.adminDiscounts.path)}
          element={
            <OwnersOnly area="discounts">
              <DiscountsPage />
            </OwnersOnly>
          }
        />
        <Route
          path={under(paths.adminStaff.path)}
          element={
            <OwnersOnly area="staff">
              <StaffPage />
            </OwnersOnly>
          }
        />
        <Route
          path={under(paths.adminReports.path)}
          element={
            <OwnersOnly area="revenue">
              <ReportsPage />
            </OwnersOnly>
          }
        />
        <Route path="*" element={<AdminNotFound />} />
      </Route>
    </Routes>
  );
}
