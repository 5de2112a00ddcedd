// The top of a list page: its heading (one <h1>) with the page's action, and the filter bar (a
// labelled search landmark: the search box, the page's own filters, "Clear filters").
import { Badge, Button, Collapse, Group, Paper, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearch, IconX } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import type { ListSearch } from '../../lib/list-search.ts';
import { WIDE_SCREEN } from './list-table.tsx';
import type { ListView } from './use-list-view.ts';

export function ListHeader({ title, description, action }: { title: string; description: ReactNode; action?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end">
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{description}</Text>
      </Stack>
      {action}
    </Group>
  );
}

/** A filter control's width: its own from the `sm` breakpoint up, the whole line on a phone. */
export const filterWidth = (width: number) => ({ base: '100%', sm: width });

export interface ListFiltersProps<S extends ListSearch> {
  list: ListView<S>;
  /** The landmark's name ("Filter orders"). */
  label: string;
  /** The search box's placeholder; without one the list has no search box. */
  searchPlaceholder?: string;
  /** The search box's minimum width before the bar wraps (px). */
  searchWidth?: number;
  clearLabel?: string;
  /** The page's own filters (Selects, dates), each sized with filterWidth(...). */
  children?: ReactNode;
}

export function ListFilters<S extends ListSearch>({ list, label, searchPlaceholder, searchWidth = 240, clearLabel = 'Clear filters', children }: ListFiltersProps<S>) {
  const wide = useMediaQuery(WIDE_SCREEN, true, { getInitialValueInEffect: false });
  const [open, setOpen] = useState(false);
  const filtersId = useId();
  // On a phone, the page's own filters fold away behind one button (with how many are set), so the
  // list starts near the top of the screen; the search box stays.
  const folded = !wide && children !== undefined && searchPlaceholder !== undefined;
  return (
    <Paper withBorder radius="md" p="md">
      <Group gap="md" align="flex-end" wrap="wrap" role="search" aria-label={label}>
        {searchPlaceholder !== undefined && (
          <TextInput
            label="Search"
            placeholder={searchPlaceholder}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={list.text.value}
            onChange={(event) => list.text.change(event.currentTarget.value)}
            rightSection={
              list.text.value ? (
                <Tooltip label="Clear search">
                  <Button variant="subtle" size="compact-xs" color="gray" aria-label="Clear search" onClick={list.text.clear}>
                    <IconX size={14} aria-hidden />
                  </Button>
                </Tooltip>
              ) : null
            }
            style={{ flex: `1 1 ${searchWidth}px` }}
            maxLength={100}
          />
        )}
        {folded ? (
          <>
            <Button
              variant="default"
              leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
              rightSection={
                list.activeFilterCount > 0 ? (
                  <Badge size="sm" circle aria-hidden>
                    {list.activeFilterCount}
                  </Badge>
                ) : null
              }
              aria-label={list.activeFilterCount > 0 ? `Filters (${list.activeFilterCount} set)` : 'Filters'}
              aria-expanded={open}
              aria-controls={filtersId}
              onClick={() => setOpen((value) => !value)}
            >
              Filters
            </Button>
            <Collapse expanded={open} id={filtersId} w="100%">
              <Group gap="md" align="flex-end" wrap="wrap">
                {children}
              </Group>
            </Collapse>
          </>
        ) : (
          children
        )}
        {list.filtered && (
          <Button variant="subtle" onClick={list.clearFilters}>
            {clearLabel}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
