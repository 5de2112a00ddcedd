// After each navigation: set document.title and tell screen-reader users which page they are on
// (a client-side route change is silent otherwise). The live region exists before any message,
// as assistive technology only announces changes to regions it already knows.
import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { subscribePageError } from '../errors/page-error.ts';
import { currentPageTitle, documentTitle, subscribePageContent } from './page-title.ts';

// Pages render right after the router resolves; wait a moment so their <h1> is in the DOM.
const SETTLE_MS = 80;

export function RouteAnnouncer() {
  const router = useRouter();
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let firstLoad = true;
    const update = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        // A route that failed (refused, not found) shows the error page: its own title does not apply.
        const failed = router.state.matches.some((match) => match.status === 'error' || match.status === 'notFound');
        const routeTitle = failed ? undefined : [...router.state.matches].reverse().find((match) => match.staticData?.title)?.staticData.title;
        const title = currentPageTitle(routeTitle);
        document.title = documentTitle(title);
        // The first page load is announced by the browser itself.
        // A trailing no-break space alternates so that two pages with the same title still differ,
        // or the live region would not change and nothing would be read.
        if (!firstLoad) setAnnouncement((previous) => {
          const text = title ?? documentTitle(undefined);
          return previous === text ? `${text}\u00a0` : text;
        });
        firstLoad = false;
      }, SETTLE_MS);
    };
    update();
    const unsubscribe = router.subscribe('onResolved', update);
    // An application error replaces the page without any navigation; clearing it brings the page back.
    const unsubscribePageError = subscribePageError(update);
    // So does the error page when its chunk arrives after the failure (errors/deferred-error-page.tsx).
    const unsubscribePageContent = subscribePageContent(update);
    return () => {
      unsubscribePageContent();
      clearTimeout(timer);
      unsubscribe();
      unsubscribePageError();
    };
  }, [router]);

  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {announcement}
    </div>
  );
}
