import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import type { LoginRedirectState } from '@/lib/session/redirect';
import { session } from '@/lib/session/session';
import { useCartSync } from '@/stores/shop-cart';

/**
 * What follows the session in the frame: when a customer's sign-in ends on its own, go to login (unless already
 * there), coming back here afterwards; keep the carts in step with who is signed in.
 */
export function SessionEffects() {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  }, [location]);

  useEffect(
    () =>
      session.onExpired(() => {
        const from = here.current;
        if (from.pathname === paths.login.path) return;
        const state: LoginRedirectState = { from };
        void navigate(paths.login.href(), { state });
      }),
    [navigate],
  );

  useCartSync();
  return null;
}
