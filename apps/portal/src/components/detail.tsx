// One labelled value of a detail page: a <dt>/<dd> pair, placed inside a <dl> grid by the page.
import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="dt" fz="sm" c="dimmed">
        {term}
      </Text>
      <Text component="dd" fz="sm" m={0} fw={500}>
        {children}
      </Text>
    </Stack>
  );
}
