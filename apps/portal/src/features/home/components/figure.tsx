// One figure of a home page card: its name above its value (a term and its definition, so a screen
// reader reads them as a pair), with an optional note beside the value ("12 (3 pending)").
import { Box, Text } from '@mantine/core';

export function Figure({ label, value, tone, note }: { label: string; value: string; tone?: string; note?: string }) {
  return (
    <Box p="sm" bd="1px solid var(--mantine-color-default-border)" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
      <Text component="dt" fz="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text component="dd" m={0} fz={26} fw={700} lh={1.3} c={tone}>
        {value}
        {note && (
          <Text span fz="xs" fw={500} c="dimmed">
            {` (${note})`}
          </Text>
        )}
      </Text>
    </Box>
  );
}
