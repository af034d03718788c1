import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/styles/global.css';
import { initI18n } from '@/lib/i18n';
import { AppProviders } from './providers';
import { AppRouter } from './router';

await initI18n();

// The server wrote this page's head for crawlers and link previews; React renders its own from here on.
for (const node of document.head.querySelectorAll('[data-ssr]')) node.remove();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
