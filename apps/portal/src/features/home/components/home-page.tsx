import { Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { fetchUserContext, userContextQueryKey } from '../../../lib/current-user.ts';

export function HomePage() {
  const { data } = useSuspenseQuery({ queryKey: userContextQueryKey, queryFn: fetchUserContext });
  return <Title order={1}>Welcome, {data.user.firstName}</Title>;
}
