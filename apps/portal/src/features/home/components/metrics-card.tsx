// The frame of a home page card of figures: a labelled section with its heading and icon, a note at
// the right (the period), and while its query runs a skeleton, on failure the problem's words with
// "Try again", else its content.
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { HomeSection } from './home-section.tsx';

export interface MetricsQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

export interface MetricsCardProps {
  title: string;
  headingId: string;
  icon: ReactNode;
  /** Beside the heading, e.g. the period the figures cover. */
  note: ReactNode;
  query: MetricsQuery;
  skeleton: ReactNode;
  children: ReactNode;
}

export function MetricsCard({ title, headingId, icon, note, query, skeleton, children }: MetricsCardProps) {
  return (
    <HomeSection title={title} icon={icon} headingId={headingId} note={note} busy={query.isPending}>
      {query.isPending ? (
        skeleton
      ) : query.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title={`${title} could not be loaded`}>
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{query.error?.message}</Text>
            <Button size="xs" variant="default" leftSection={<IconRefresh size={14} aria-hidden />} loading={query.isFetching} onClick={() => void query.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        children
      )}
    </HomeSection>
  );
}
