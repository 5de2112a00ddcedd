// Page titles: "<Page> · Clearlane". A route may name its page with `staticData: { title }`;
// otherwise the page's one <h1> names it.
export const APP_NAME = 'Clearlane';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page's name in the document title and the screen-reader announcement. */
    title?: string;
  }
}

export function documentTitle(pageTitle: string | undefined | null): string {
  const trimmed = pageTitle?.replace(/\s+/g, ' ').trim();
  return trimmed ? `${trimmed} · ${APP_NAME}` : APP_NAME;
}

/** The error page (app/errors/error-page.tsx) carries this attribute: while it is on screen, its heading names the page. */
const ERROR_PAGE_HEADING = '[data-error-page] h1';

const textOf = (element: Element | null) => element?.textContent?.replace(/\s+/g, ' ').trim() || undefined;

/**
 * The title of what is on screen now: the error page's heading when an error replaced the page (a
 * refused /users/add-user reads "Not Authorized", not "Invite a user"), else the route's static
 * title, else the first <h1>'s text.
 */
export function currentPageTitle(routeTitle: string | undefined, root: ParentNode = document): string | undefined {
  const errorTitle = textOf(root.querySelector(ERROR_PAGE_HEADING));
  if (errorTitle) return errorTitle;
  if (routeTitle) return routeTitle;
  return textOf(root.querySelector('h1'));
}

// Something replaced what is on screen without a navigation (the error page arriving after its
// chunk): the route announcer recomputes the title then.
const contentListeners = new Set<() => void>();

export function notifyPageContentChanged() {
  contentListeners.forEach((listener) => listener());
}

export function subscribePageContent(listener: () => void): () => void {
  contentListeners.add(listener);
  return () => {
    contentListeners.delete(listener);
  };
}
