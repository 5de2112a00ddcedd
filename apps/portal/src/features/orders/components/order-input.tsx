// "What was ordered": the subject as it was submitted (driver, VIN, person or business) and the
// order's options — DPPA purpose, ruleset, external reference, tags.
import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { permissiblePurposeLabel, type OrderDetail } from '@clearlane/contract/orders';
import { useOrderInput } from '../api/get-order-input.ts';
import { texasRecordTypeLabel } from '../../../lib/order-labels.ts';
import { formatDate, formatDateTime } from './format.ts';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text component="dt" fz="xs" c="dimmed" fw={500}>
        {term}
      </Text>
      <Text component="dd" fz="sm" m={0}>
        {children}
      </Text>
    </Stack>
  );
}

const record = (value: unknown): Record<string, unknown> | null => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null);
/** EINs are kept as 9 digits and written 12-3456789. */
const formatEin = (ein: string) => (/^\d{9}$/.test(ein) ? `${ein.slice(0, 2)}-${ein.slice(2)}` : ein);
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

function SubjectDetails({ order, input }: { order: OrderDetail; input: Record<string, unknown> }) {
  const driver = record(input.driver);
  const person = record(input.person);
  const business = record(input.business);
  const vin = text(input.vin);
  if (driver) {
    const name = [driver.firstName, driver.middleName, driver.lastName].map(text).filter(Boolean).join(' ');
    return (
      <>
        <Detail term="Driver">
          {order.personId ? (
            <Anchor renderRoot={(props) => <Link {...props} to="/drivers/$id" params={{ id: order.personId }} />} fz="sm">
              {name}
            </Anchor>
          ) : (
            name
          )}
        </Detail>
        {text(driver.dateOfBirth) && <Detail term="Date of birth">{formatDate(text(driver.dateOfBirth)!)}</Detail>}
        <Detail term="Licence">
          {text(driver.licenceState)}{' '}
          <Text span ff="monospace" fz="sm">
            {text(driver.licenceNumber)}
          </Text>
        </Detail>
        {text(input.texasRecordType) && <Detail term="Texas record type">{texasRecordTypeLabel(text(input.texasRecordType)!)}</Detail>}
      </>
    );
  }
  if (person) {
    const name = [person.firstName, person.lastName].map(text).filter(Boolean).join(' ');
    return (
      <>
        <Detail term="Person">
          {order.personId ? (
            <Anchor renderRoot={(props) => <Link {...props} to="/drivers/$id" params={{ id: order.personId }} />} fz="sm">
              {name}
            </Anchor>
          ) : (
            name
          )}
        </Detail>
        {text(person.dateOfBirth) && <Detail term="Date of birth">{formatDate(text(person.dateOfBirth)!)}</Detail>}
        {text(person.state) && <Detail term="State">{text(person.state)}</Detail>}
      </>
    );
  }
  if (business) {
    return (
      <>
        <Detail term="Business">
          {order.businessId ? (
            <Anchor renderRoot={(props) => <Link {...props} to="/businesses/$id" params={{ id: order.businessId }} />} fz="sm">
              {text(business.name)}
            </Anchor>
          ) : (
            text(business.name)
          )}
        </Detail>
        {text(business.ein) && (
          <Detail term="EIN">
            <Text span ff="monospace" fz="sm">
              {formatEin(text(business.ein)!)}
            </Text>
          </Detail>
        )}
        {text(business.state) && <Detail term="State">{text(business.state)}</Detail>}
        {text(business.dotNumber) && <Detail term="USDOT number">{text(business.dotNumber)}</Detail>}
      </>
    );
  }
  if (vin) {
    return (
      <Detail term="VIN">
        <Text span ff="monospace" fz="sm">
          {vin}
        </Text>
      </Detail>
    );
  }
  return <Detail term="Subject">{order.subjectLabel}</Detail>;
}

export function OrderInputSection({ order }: { order: OrderDetail }) {
  const { data, isPending, error } = useOrderInput(order.id);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="order-input-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="order-input-heading">
          What was ordered
        </Title>
        <Stack component="dl" gap="sm" m={0}>
          {isPending ? (
            <Skeleton h={40} aria-label="Loading what was ordered" />
          ) : error ? (
            <Detail term="Subject">{order.subjectLabel}</Detail>
          ) : (
            <SubjectDetails order={order} input={data.input} />
          )}
          {order.permissiblePurpose && <Detail term="Permissible purpose">{permissiblePurposeLabel(order.permissiblePurpose)}</Detail>}
          {(order.type === 'MVR' || order.type === 'MVR_WITH_ADJUDICATION') && (
            <Detail term="Adjudication">{order.isAutoAdjudicated ? `Automatic, “${order.ruleNamespace ?? 'default'}” ruleset` : 'None (not auto-adjudicated)'}</Detail>
          )}
          {order.riskAssessmentDefinitionName && <Detail term="Assessment definition">{order.riskAssessmentDefinitionName}</Detail>}
          {order.mvrExternalReferenceId && <Detail term="External reference">{order.mvrExternalReferenceId}</Detail>}
          <Detail term="Tags">
            {order.tags.length > 0 ? (
              <Group gap={4} component="span">
                {order.tags.map((tag) => (
                  <Badge key={tag} size="sm" variant="outline" color="gray.7" radius="sm" tt="none">
                    {tag}
                  </Badge>
                ))}
              </Group>
            ) : (
              <Text span fz="sm" c="dimmed">
                None
              </Text>
            )}
          </Detail>
          <Detail term="Ordered">
            <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
          </Detail>
          {order.completedAt && (
            <Detail term={order.status === 'Complete' ? 'Completed' : 'Finished'}>
              <time dateTime={order.completedAt}>{formatDateTime(order.completedAt)}</time>
            </Detail>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
