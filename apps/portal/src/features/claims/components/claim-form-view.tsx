// A claim's form data, read-only, by section, labelled by the schema version it was entered against
// (form-view.ts). Used by the claim page and the snapshot page; a company driver picked by id shows
// the driver's name with a link to the driver.
import { Anchor, Box, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { JsonSchemaObject } from '@clearlane/contract/claim-form/claim-form';
import { useOptionalDriver } from '../../../lib/entities/drivers/get-driver.ts';
import { formSections, type UiSchema, type ViewGroup, type ViewNode, type ViewValue } from '../form-view.ts';

function CompanyDriver({ personId }: { personId: string }) {
  const driver = useOptionalDriver(personId);
  if (driver.isPending) return <Skeleton h={14} w={140} display="inline-block" aria-label="Loading the driver" />;
  if (!driver.data) return <>A driver no longer on file ({personId})</>;
  return (
    <Anchor renderRoot={(props) => <Link {...props} to="/drivers/$id" params={{ id: personId }} />} fz="sm" fw={600}>
      {driver.data.fullName} ({driver.data.licenceState} {driver.data.licenceNumber})
    </Anchor>
  );
}

export function ValueOf({ node }: { node: ViewValue }) {
  if (node.widget === 'companyDriver' && typeof node.value === 'string') return <CompanyDriver personId={node.value} />;
  return <>{node.text}</>;
}

function Field({ node }: { node: ViewValue }) {
  return (
    <Stack gap={2} style={{ gridColumn: node.long ? '1 / -1' : undefined, minWidth: 0 }}>
      <Text component="dt" fz="sm" c="dimmed">
        {node.label}
      </Text>
      <Text component="dd" fz="sm" m={0} fw={500} style={{ whiteSpace: node.long ? 'pre-wrap' : undefined, overflowWrap: 'anywhere' }}>
        <ValueOf node={node} />
      </Text>
    </Stack>
  );
}

/** Fields in a grid; groups (an object, a list's item) below them, each with its own heading. */
function Nodes({ nodes, level }: { nodes: ViewNode[]; level: 3 | 4 | 5 | 6 }): ReactNode {
  const values = nodes.filter((node): node is ViewValue => node.kind === 'value');
  const groups = nodes.filter((node): node is ViewGroup => node.kind === 'group');
  return (
    <Stack gap="md">
      {values.length > 0 && (
        <SimpleGrid component="dl" cols={{ base: 2, md: 3 }} spacing="md" verticalSpacing="sm" m={0}>
          {values.map((node) => (
            <Field key={node.path} node={node} />
          ))}
        </SimpleGrid>
      )}
      {groups.map((group) => (
        <Box key={group.path} component="section" aria-label={group.label} pl="md" style={{ borderLeft: '3px solid var(--mantine-color-gray-3)' }}>
          <Stack gap="xs">
            <Title order={level} size="h6">
              {group.label}
            </Title>
            <Nodes nodes={group.children} level={Math.min(level + 1, 6) as 4 | 5 | 6} />
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

export interface ClaimFormViewProps {
  schema: JsonSchemaObject;
  uiSchema: UiSchema;
  formData: Record<string, unknown>;
  /** The heading level of the sections (the page's own headings above them). */
  headingLevel?: 2 | 3;
  /** Whether to list the sections nothing was entered in (as "Nothing entered"). */
  showEmpty?: boolean;
}

export function ClaimFormView({ schema, uiSchema, formData, headingLevel = 3, showEmpty = true }: ClaimFormViewProps) {
  const sections = formSections(schema, uiSchema, formData).filter((section) => showEmpty || section.nodes.length > 0);
  return (
    <Stack gap="md">
      {sections.map((section) => (
        <Paper key={section.key} withBorder radius="md" p="md" component="section" aria-labelledby={`claim-section-${section.key}`}>
          <Stack gap="sm">
            <Title order={headingLevel} size="h5" id={`claim-section-${section.key}`}>
              {section.title}
            </Title>
            {section.nodes.length === 0 ? (
              <Text fz="sm" c="dimmed">
                Nothing entered.
              </Text>
            ) : (
              <Nodes nodes={section.nodes} level={(headingLevel + 1) as 3 | 4} />
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
