// The root's not-found page. An unmatched path matches no layout route (the layouts are pathless),
// so the root renders it — inside the layout the visitor would see anyway: the default layout for a
// signed-in user (the shell stays), the public layout otherwise.
import { Paper } from '@mantine/core';
import { Suspense } from 'react';
import { session } from '../../lib/auth.ts';
import { DefaultLayout } from '../layouts/default-layout.tsx';
import { PublicLayout } from '../layouts/public-layout.tsx';
import { ErrorPage } from './error-page.tsx';
import { NotFoundInLayout } from './route-error.tsx';

export function NotFoundAnywhere() {
  if (session.load()) {
    return (
      <Suspense fallback={null}>
        <DefaultLayout>
          <NotFoundInLayout />
        </DefaultLayout>
      </Suspense>
    );
  }
  return (
    <PublicLayout>
      <Paper withBorder shadow="sm" radius="md">
        <ErrorPage error={{ status: 404, message: 'Page not found' }} compact />
      </Paper>
    </PublicLayout>
  );
}
