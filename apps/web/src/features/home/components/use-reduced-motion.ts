import { useClientStore } from '@/first-load/client-store';

const QUERY = '(prefers-reduced-motion: reduce)';

const subscribe = (onChange: () => void) => {
  const media = matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
};

/** Follows the visitor's reduced-motion setting live, so turning it on stops the video at once. */
export function useReducedMotion(): boolean {
  return useClientStore(
    subscribe,
    () => matchMedia(QUERY).matches,
    () => false,
  );
}
