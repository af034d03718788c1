import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { Frame } from './frame/frame';
import { ErrorBoundary } from './frame/error-boundary';
import { AdminRoute, GuestRoute, ProtectedRoute } from './guards';
import { PAGES, type PageRoute } from './routes';

// Every page is its own chunk (the account area one for all its pages, the back office one holding its own
// routes); the frame is in the first load. Declarative routes keep the data router (which this storefront does
// not use) out of the first load.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const components = new Map<PageRoute, ComponentType<any>>(PAGES.map((p) => [p, lazy(p.page)]));

const element = (page: PageRoute) => {
  const Page = components.get(page) as ComponentType<Record<string, string>>;
  return <Page {...page.props} />;
};
const routes = (guard: PageRoute['guard']) =>
  PAGES.filter((p) => p.guard === guard && p.path !== '*').map((p) =>
    p.path === '/' ? (
      <Route key={p.path} index element={element(p)} />
    ) : (
      <Route key={p.path} path={p.path} element={element(p)} />
    ),
  );
const notFound = PAGES.find((p) => p.path === '*') as PageRoute;
const admin = PAGES.find((p) => p.guard === 'admin') as PageRoute;

/** What a signed-in customer sees at a back-office address: the shop's not-found page. */
const notFoundInFrame = <Frame>{element(notFound)}</Frame>;

/** The routes, inside whichever router the side provides (BrowserRouter here, StaticRouter on the server). */
export function AppRoutes() {
  return (
    <ErrorBoundary>
      <Routes>
        <Route element={<Frame />}>
          {routes(undefined)}
          <Route element={<GuestRoute />}>{routes('guest')}</Route>
          <Route element={<ProtectedRoute />}>{routes('signed-in')}</Route>
          <Route path="*" element={element(notFound)} />
        </Route>
        <Route
          path={admin.path}
          element={<AdminRoute denied={notFoundInFrame}>{element(admin)}</AdminRoute>}
        />
      </Routes>
    </ErrorBoundary>
  );
}
