// The three states every list of the monitoring panels has before its content: loading, failed,
// empty. Said in words, and announced (busy, alert) to screen readers.
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface QueryStateProps {
  /** What is loaded, as in "The alerts could not be loaded". */
  what: string;
  isPending: boolean;
  error: Error | null;
  isEmpty: boolean;
  empty: ReactNode;
  children: ReactNode;
}

export function QueryState({ what, isPending, error, isEmpty, empty, children }: QueryStateProps) {
  if (isPending) {
    return (
      <Text fz="sm" c="dimmed" aria-busy="true">
        Loading the {what}…
      </Text>
    );
  }
  if (error) {
    return (
      <Text fz="sm" c="red.9" role="alert">
        The {what} could not be loaded: {error.message}
      </Text>
    );
  }
  if (isEmpty) {
    return (
      <Text fz="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return <>{children}</>;
}
