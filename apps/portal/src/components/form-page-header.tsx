// The top of a page that is one form (add a driver, place an order): the breadcrumb back to the list
// the form adds to, the page's one <h1>, and a line on what the form is for.
import { Anchor, Breadcrumbs, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export interface FormPageHeaderProps {
  /** The list above this page: its name and route. */
  list: { label: string; to: string };
  title: string;
  children: ReactNode;
}

export function FormPageHeader({ list, title, children }: FormPageHeaderProps) {
  return (
    <>
      <Breadcrumbs aria-label="Breadcrumb">
        {/* The list is another route of the app; the router resolves its path at run time. */}
        <Anchor renderRoot={(props) => <Link {...props} to={list.to as never} />} fz="sm">
          {list.label}
        </Anchor>
        <Text fz="sm" aria-current="page">
          {title}
        </Text>
      </Breadcrumbs>
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{children}</Text>
      </Stack>
    </>
  );
}
