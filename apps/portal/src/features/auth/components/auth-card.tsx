import { Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';

/** The card every sign-in and reset step sits in: the page's one <h1>, an explanation, the form. */
export function AuthCard({ title, documentTitle, description, children }: { title: string; documentTitle?: string; description?: ReactNode; children: ReactNode }) {
  useDocumentTitle(`${documentTitle ?? title} · Clearlane`);
  return (
    <Paper withBorder shadow="sm" p="xl" radius="md">
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} fz="h2">
            {title}
          </Title>
          {description && (
            <Text c="dimmed" fz="sm">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
