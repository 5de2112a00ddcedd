// The not-found page for a section's notFoundComponent: inside a layout, which provides <main>.
export { NotFoundInLayout as NotFoundPage } from './route-error.tsx';
