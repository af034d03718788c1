import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
// The device's faces that stand in for the web fonts until they arrive (build/font-fallbacks.ts), then the styles.
import 'virtual:font-fallbacks.css';
import '@/styles/global.css';
import { languagePath } from '@boutique/contracts/constants';
import { currentLanguage, initI18n } from '@/lib/i18n';
import { bootData } from '@/lib/boot';
import { createQueryClient } from '@/lib/query-client';
import { nextTask } from '@/lib/next-task';
import { session } from '@/lib/session/session';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

// Who is signed in is asked at once, in parallel with the translations. The rest in tasks of their own:
// evaluating the app's code is already a long one on a phone.
void session.start();
await nextTask();
const i18n = await initI18n();
await nextTask();
const client = createQueryClient();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const app = (
  <StrictMode>
    <AppProviders client={client} i18n={i18n}>
      {/* Pages are declared without the language's prefix; the router adds it to every link. */}
      <BrowserRouter basename={languagePath(currentLanguage(), '')}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);
// The server rendered the page: let the browser paint it before hydration takes the main thread, then hydrate
// in a transition, which React does in slices that yield to the browser (a phone's CPU needs several hundred
// ms): no long task. Taps meanwhile wait in index.html's inline script and are replayed once the page is live
// (first-load/early-input.ts). A page the server rendered in another language than the one saved here (cookie
// lost) is rendered afresh instead.
if (root.hasChildNodes() && i18n.language === bootData().i18n.lng) {
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  root.replaceChildren();
  createRoot(root).render(app);
}
