import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { errorHeading, type PageError } from './page-error.ts';

export interface ErrorPageProps {
  error: PageError;
  /** Rendered outside any layout: the page brings its own <main> landmark. */
  standalone?: boolean;
  /** Runs before going back (e.g. to clear the page error). */
  onBack?: () => void;
  /** Less vertical space, for the narrow column of the public layout. */
  compact?: boolean;
}

const DEFAULT_DETAIL: Record<number, string> = {
  404: 'The page you are looking for does not exist or has moved.',
  401: 'You do not have access to this page. If you think you should, ask your company administrator.',
};

/**
 * Back to the previous page of the app, or to the home page when there is none: a page opened in a
 * new tab (or from a bookmark) has no in-app history, and the browser's back would leave the app
 * (to about:blank). The router counts its own entries (history.canGoBack()); outside a router, which
 * the app never renders this page in, the browser's back is all there is.
 */
function useGoBack() {
  const router = useRouter({ warn: false });
  return () => {
    if (!router) window.history.back();
    else if (router.history.canGoBack()) router.history.back();
    else void router.navigate({ to: '/' });
  };
}

/** SPEC.md §2's error page: 404 'Page not found', 401 'Not Authorized', else 'An error occurred {status} - {message}'. */
export function ErrorPage({ error, standalone = false, onBack, compact = false }: ErrorPageProps) {
  const goBack = useGoBack();
  const { title, detail } = errorHeading(error);
  // 404/401 headings are fixed; a specific message ('Page Not Found: /orders/x') is still worth showing.
  const explanation = detail ? null : error.message && !/^(page not found|not authorized)$/i.test(error.message) ? error.message : DEFAULT_DETAIL[error.status];
  return (
    <Container size="sm" py={compact ? 'xl' : 80} component={standalone ? 'main' : 'div'} id={standalone ? 'main-content' : undefined} data-testid="error-page" data-error-page="">
      <Stack align="center" gap="md">
        <Text fz={64} fw={800} c="lane.7" lh={1} aria-hidden>
          {error.status}
        </Text>
        <Title order={1} ta="center">
          {title}
          {detail && (
            <>
              {' '}
              <Text span display="block" fz="lg" fw={500} mt="xs" c="dimmed">
                {detail}
              </Text>
            </>
          )}
        </Title>
        {explanation && (
          <Text c="dimmed" ta="center">
            {explanation}
          </Text>
        )}
        <Button
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          onClick={() => {
            onBack?.();
            goBack();
          }}
        >
          Go Back
        </Button>
      </Stack>
    </Container>
  );
}
