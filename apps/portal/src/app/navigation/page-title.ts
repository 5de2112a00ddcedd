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

/** The title of what is on screen now: the route's static title, else the first <h1>'s text. */
export function currentPageTitle(routeTitle: string | undefined, root: ParentNode = document): string | undefined {
  if (routeTitle) return routeTitle;
  const heading = root.querySelector('h1');
  return heading?.textContent?.replace(/\s+/g, ' ').trim() || undefined;
}
