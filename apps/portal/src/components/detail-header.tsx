// The top of every detail page (an order, a claim, a snapshot, a driver, a business, a report, a
// report group, an alert, a user, a ruleset): the breadcrumb back to its list, then one card with
// what kind of thing it is, its name (the page's one <h1>), its status badges, its facts and, on the
// right (below on a phone), what can be done with it.
import { Anchor, Breadcrumbs, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode, Ref } from 'react';

/** A page above this one in the breadcrumb: its words and its route (with the route's params). */
export interface Crumb {
  label: string;
  to: string;
  params?: Record<string, string>;
}

export interface DetailHeaderProps {
  /** The pages above this one, outermost first ("Claims", "Policy 123"). */
  trail: Crumb[];
  /** This page in the breadcrumb (often the title, shorter). */
  current: string;
  /** What kind of thing this is, above the title ("Claim · Update"). */
  kicker?: ReactNode;
  title: ReactNode;
  /** The heading's element: focused after an arrival (tabIndex -1 makes it focusable from script, not a Tab stop). */
  headingRef?: Ref<HTMLHeadingElement>;
  headingId?: string;
  /** Status badges beside one another, announced when they change (a polled order). */
  badges?: ReactNode;
  /** Facts under the badges: a sentence, a line of small print, a link. */
  children?: ReactNode;
  /** Buttons for what can be done with the thing. */
  actions?: ReactNode;
}

export function DetailHeader({ trail, current, kicker, title, headingRef, headingId, badges, children, actions }: DetailHeaderProps) {
  return (
    <>
      <Breadcrumbs aria-label="Breadcrumb" styles={{ root: { flexWrap: 'wrap', rowGap: 4 } }}>
        {trail.map((crumb) => (
          // Crumbs point at other sections' routes too; the router resolves the path at run time.
          <Anchor key={crumb.to} renderRoot={(props) => <Link {...props} to={crumb.to as never} params={crumb.params as never} />} fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {crumb.label}
          </Anchor>
        ))}
        <Text fz="sm" aria-current="page" style={{ overflowWrap: 'anywhere' }}>
          {current}
        </Text>
      </Breadcrumbs>

      <Paper withBorder radius="md" p="lg">
        <Group justify="space-between" align="flex-start" gap="lg">
          <Stack gap={8} style={{ minWidth: 0, flex: '1 1 320px' }}>
            {kicker && (
              <Text fz="sm" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: 0.4, overflowWrap: 'anywhere' }}>
                {kicker}
              </Text>
            )}
            <Title
              order={1}
              ref={headingRef}
              id={headingId}
              tabIndex={headingRef || headingId ? -1 : undefined}
              style={{ overflowWrap: 'anywhere', outlineOffset: 4, fontSize: 'clamp(1.5rem, 1rem + 2.5vw, 2.125rem)' }}
            >
              {title}
            </Title>
            {badges && (
              <Group gap="xs" aria-live="polite">
                {badges}
              </Group>
            )}
            {children}
          </Stack>
          {actions && (
            <Group gap="sm" style={{ flex: '0 1 auto' }}>
              {actions}
            </Group>
          )}
        </Group>
      </Paper>
    </>
  );
}
