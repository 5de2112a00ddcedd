import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { queryClient } from './query-client.ts';
import { router } from './router.tsx';
import { colorSchemeManager } from './color-scheme.ts';
import { cssVariablesResolver, theme } from './theme.ts';

/** The app: theme and colour scheme (System by default: app/color-scheme.ts), queries, routes. */
export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
