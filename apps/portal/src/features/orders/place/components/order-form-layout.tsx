// The frame every order form shares: breadcrumb back to the orders, the page's one <h1>, a line on
// what the report contains and how long it takes, and an alert for problems that name no field.
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconSend } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FormPageHeader } from '../../../../components/form-page-header.tsx';

export function OrderFormHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <FormPageHeader list={{ label: 'Orders', to: '/orders' }} title={title}>
      {children}
    </FormPageHeader>
  );
}

export function OrderNotPlacedAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />} title="The order was not placed">
      {message}
    </Alert>
  );
}

/** A titled part of a form (h2: the page's h1 is above it). */
export function FormSection({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Stack gap={2}>
        <Title order={2} fz="h4">
          {title}
        </Title>
        {description && (
          <Text fz="sm" c="dimmed">
            {description}
          </Text>
        )}
      </Stack>
      {children}
    </Stack>
  );
}

/** Cancel (back to the orders) and the submit button, at the foot of every order form. */
export function OrderFormActions({ placing }: { placing: boolean }) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" component={Link} to="/orders">
        Cancel
      </Button>
      <Button type="submit" loading={placing} leftSection={<IconSend size={16} aria-hidden />}>
        Place order
      </Button>
    </Group>
  );
}
