// A card of the home page: a section named by its heading, with an icon, and on the right an
// optional note (the period its figures cover, for example).
import { Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface HomeSectionProps {
  title: string;
  icon: ReactNode;
  headingId?: string;
  /** Beside the heading, e.g. the period the figures cover. */
  note?: ReactNode;
  /** While the section's figures load. */
  busy?: boolean;
  children: ReactNode;
}

export function HomeSection({ title, icon, headingId, note, busy, children }: HomeSectionProps) {
  const heading = (
    <Group gap="xs" mb={note === undefined ? 'md' : undefined}>
      <ThemeIcon variant="light" radius="md" aria-hidden>
        {icon}
      </ThemeIcon>
      <Title order={2} fz="h4" id={headingId}>
        {title}
      </Title>
    </Group>
  );
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId} aria-busy={busy}>
      {note === undefined ? (
        heading
      ) : (
        <Group justify="space-between" align="flex-start" mb="md" gap="xs">
          {heading}
          <Text fz="sm" c="dimmed">
            {note}
          </Text>
        </Group>
      )}
      {children}
    </Card>
  );
}
