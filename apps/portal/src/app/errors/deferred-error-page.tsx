// The error page, kept out of the entry chunk (issue 8, "Keeping the first load under budget" in
// docs/DECISIONS.md): its Mantine Button (with Loader), Title, Container and icon are ~9 KB gzip
// that a page which works never needs. main.tsx starts fetching it right after start-up, so when a
// page fails it is almost always there and renders at once, as before. If it is not there yet it
// renders when it arrives (and the page title follows); if it cannot be fetched at all (offline, a
// deploy removed this build's chunks) a plain page with the same heading stands in.
import { useEffect, useState, type ReactNode } from 'react';
import { notifyPageContentChanged } from '../navigation/page-title.ts';
import type { ErrorPageProps } from './error-page.tsx';
import { errorHeading } from './page-error.ts';

type ErrorPageComponent = (props: ErrorPageProps) => ReactNode;

let loaded: ErrorPageComponent | null = null;
let loading: Promise<ErrorPageComponent> | null = null;

/** Fetches the error page's chunk once (again after a failure); main.tsx calls it at start-up. */
export function loadErrorPage(): Promise<ErrorPageComponent> {
  loading ??= import('./error-page.tsx').then(
    (module) => (loaded = module.ErrorPage),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** `ErrorPage` (./error-page.tsx) for modules in the entry chunk: same props, same page. */
export function DeferredErrorPage(props: ErrorPageProps) {
  const [Page, setPage] = useState<ErrorPageComponent | null>(() => loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (Page) return;
    let live = true;
    loadErrorPage().then(
      (component) => {
        if (!live) return;
        setPage(() => component);
        notifyPageContentChanged();
      },
      () => {
        if (!live) return;
        setFailed(true);
        notifyPageContentChanged();
      },
    );
    return () => {
      live = false;
    };
  }, [Page]);
  if (Page) return <Page {...props} />;
  if (failed) return <PlainErrorPage {...props} />;
  return null;
}

/** Stands in when the error page's chunk cannot be fetched: no Mantine, the same heading and a way back. */
function PlainErrorPage({ error, standalone = false }: ErrorPageProps) {
  const { title, detail } = errorHeading(error);
  const Landmark = standalone ? 'main' : 'div';
  return (
    <Landmark id={standalone ? 'main-content' : undefined} data-testid="error-page" data-error-page="" style={{ padding: '80px 16px', textAlign: 'center' }}>
      <h1>
        {title}
        {detail ? ` ${detail}` : null}
      </h1>
      <button type="button" onClick={() => window.history.back()}>
        Go Back
      </button>
    </Landmark>
  );
}
