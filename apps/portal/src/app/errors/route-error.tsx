// The router's error and not-found components, wired to the one error page.
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isChunkLoadError, reloadAfterChunkError } from '../background/chunk-reload.ts';
import { isBotUserAgent } from './bot-user-agent.ts';
// The error page itself loads apart from the entry chunk (route configs import this module).
import { DeferredErrorPage as ErrorPage } from './deferred-error-page.tsx';
import { toPageError } from './page-error.ts';

// Decided once per error object (renders repeat, StrictMode renders twice): reload, or — when a
// reload already happened within 10 s — fall through to the error page.
const reloadDecisions = new WeakMap<object, boolean>();
function reloadOnce(error: Error): boolean {
  if (!reloadDecisions.has(error)) reloadDecisions.set(error, reloadAfterChunkError());
  return reloadDecisions.get(error)!;
}

/** defaultErrorComponent: anything a page route throws (loader, beforeLoad, render) lands here, inside its layout. */
export function RouteErrorPage(props: ErrorComponentProps) {
  return <RouteError {...props} standalone={false} />;
}

/** For the layout routes themselves: when a layout fails (e.g. the user cannot be loaded), no layout surrounds the page. */
export function StandaloneRouteErrorPage(props: ErrorComponentProps) {
  return <RouteError {...props} standalone />;
}

function RouteError({ error, standalone }: ErrorComponentProps & { standalone: boolean }) {
  const reloading = error instanceof Error && isChunkLoadError(error) && reloadOnce(error);
  const bot = isBotUserAgent(navigator.userAgent);
  useEffect(() => {
    if (!reloading) console.error(error);
  }, [error, reloading]);
  if (reloading || bot) return null;
  return <ErrorPage error={toPageError(error)} standalone={standalone} />;
}

/** Unmatched routes inside a layout: the layout's <main> already surrounds it. */
export function NotFoundInLayout() {
  return <ErrorPage error={{ status: 404, message: 'Page not found' }} />;
}

/** Unmatched routes outside any layout. */
export function NotFoundStandalone() {
  return <ErrorPage error={{ status: 404, message: 'Page not found' }} standalone />;
}
