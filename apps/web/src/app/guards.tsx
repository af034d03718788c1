import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { afterSignIn, returnPath, type LoginRedirectState } from '@/lib/session/redirect';
import { isBackOfficeRole } from '@boutique/contracts/constants';
import { useSession } from '@/lib/session/session';
import { cart } from '@/stores/cart-store';
import { PageFallback } from '@/components/page-fallback';

/** Signed-in customers only: a loading screen while that is unknown (always, on the server), else to login. */
export function ProtectedRoute({ children }: { children?: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'unknown') return <PageFallback />;
  if (status === 'anonymous') {
    const { items, totalPrice } = cart.get();
    const state: LoginRedirectState = { from: location, cartItems: items, cartTotal: totalPrice };
    return <Navigate replace to={paths.login.href()} state={state} />;
  }
  return children ?? <Outlet />;
}

/**
 * Guests only (login, register): signed-in visitors go home, or back where the login page was asked from; this
 * is also how a successful sign-in leaves these pages.
 */
export function GuestRoute({ children }: { children?: ReactNode }) {
  const { status, user } = useSession();
  const location = useLocation();
  if (status === 'unknown') return <PageFallback />;
  if (status === 'authenticated') {
    const next = afterSignIn(user.role, returnPath(location.state));
    return <Navigate replace to={next.pathname} state={next.state} />;
  }
  return children ?? <Outlet />;
}

/**
 * The back office: admins only. A guest signs in first (and comes back here); a signed-in customer is shown
 * `denied` (the not-found page: the back office does not admit it exists).
 */
export function AdminRoute({ denied, children }: { denied: ReactNode; children?: ReactNode }) {
  const { status, user } = useSession();
  const location = useLocation();
  if (status === 'unknown') return <PageFallback />;
  if (status === 'anonymous') {
    const state: LoginRedirectState = { from: location };
    return <Navigate replace to={paths.login.href()} state={state} />;
  }
  if (!isBackOfficeRole(user.role)) return denied;
  return children ?? <Outlet />;
}
