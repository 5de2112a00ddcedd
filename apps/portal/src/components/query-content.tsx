// What a panel shows for one query: a spinner while it loads, the problem's words when it fails,
// else its content — for dialogs and sections whose whole body is one query's data.
import { Alert, Group, Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

export interface QueryContentProps<T> {
  query: UseQueryResult<T>;
  /** The spinner's name, e.g. "Loading the sub-statuses". */
  loadingLabel: string;
  /** The alert's title, e.g. "The sub-statuses could not be loaded". */
  errorTitle: string;
  children: (data: T) => ReactNode;
}

export function QueryContent<T>({ query, loadingLabel, errorTitle, children }: QueryContentProps<T>) {
  if (query.isPending) {
    return (
      <Group justify="center" p="md">
        <Loader size="sm" aria-label={loadingLabel} />
      </Group>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" title={errorTitle} role="alert">
        {query.error.message}
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}
