import '@clearlane/contract/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import './app/styles.css';
import './lib/auth.ts';
import { loadPublicConfig } from './lib/public-config.ts';
import { App } from './app/app.tsx';
import { router } from './app/router.tsx';
import { startBackgroundTasks } from './app/background/background-tasks.ts';
import { toastStore } from './lib/toasts/toast-store.ts';
import { loadErrorPage } from './app/errors/deferred-error-page.tsx';

const container = document.getElementById('root')!;

// Start-up (SPEC.md §4): load this host's settings, start the background work, mount.
loadPublicConfig()
  .then((config) => {
    toastStore.setDefaultPosition(config.toastPosition);
    startBackgroundTasks(router);
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    // Out of the entry chunk, fetched at once so that a failing page shows it without delay.
    loadErrorPage().catch(() => {});
  })
  .catch((error: unknown) => {
    console.error('Error while mounting app', error);
    container.innerHTML =
      '<main style="font-family:system-ui;padding:3rem;max-width:40rem"><h1>Clearlane is not reachable</h1><p>The portal could not load its settings from the server. Check your connection and reload the page.</p></main>';
  });
