import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import './lib/auth.ts';
import { loadPublicConfig } from './lib/public-config.ts';
import { App } from './app/app.tsx';
import { toastStore } from './app/toasts/toast-store.ts';

const container = document.getElementById('root')!;

loadPublicConfig()
  .then((config) => {
    toastStore.setDefaultPosition(config.toastPosition);
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    console.error('Error while mounting app', error);
    container.innerHTML =
      '<main style="font-family:system-ui;padding:3rem;max-width:40rem"><h1>Clearlane is not reachable</h1><p>The portal could not load its settings from the server. Check your connection and reload the page.</p></main>';
  });
