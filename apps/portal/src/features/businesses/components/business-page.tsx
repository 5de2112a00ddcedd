// /businesses/{id}: one business — header with name, EIN and USDOT number, "Order business risk
// report" for those who may order, its details, and its orders and reports. The route's loader has
// fetched it (another company's business answers 404: the error page shows).
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBuilding, IconReportSearch } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { LICENCE_FORMATS } from '@clearlane/contract/domain/driver-licence-formats';
import { Can, useAbility } from '../../../lib/ability.tsx';
import { useUserContext } from '../../../lib/current-user.ts';
import { hasPlugins } from '../../../lib/plugins.ts';
import { useBusiness } from '../../../lib/entities/businesses/get-business.ts';
import { SubjectOrders } from '../../../components/subject-orders/subject-orders.tsx';
import { dateTime, einOf } from './format.ts';
import { Detail } from '../../../components/detail.tsx';
import { DetailHeader } from '../../../components/detail-header.tsx';

const routeApi = getRouteApi('/_authenticated/businesses/$id');


const notGiven = (
  <Text span fz="sm" c="dimmed" fw={400}>
    Not given
  </Text>
);

export function BusinessPage() {
  const { id } = routeApi.useParams();
  const { data: business } = useBusiness(id);
  useDocumentTitle(`${business.name} · Clearlane`);
  const stateName = LICENCE_FORMATS[business.state]?.name ?? business.state;
  const ability = useAbility();
  // Ordering and the business's orders belong to the orders plugin: without it the page is the business alone.
  const ordersOn = hasPlugins(useUserContext().plugins, 'orders');
  const mayOrder = ordersOn && ability.can('create', 'Order');

  return (
    <Stack gap="lg" maw={960}>
      <DetailHeader
        trail={[{ label: 'Businesses', to: '/businesses' }]}
        current={business.name}
        title={business.name}
        actions={
          mayOrder && (
            <Button
              renderRoot={(props) => <Link {...props} to="/orders/business-risk-assessment/single-order" search={{ businessId: business.id }} />}
              leftSection={<IconReportSearch size={16} aria-hidden />}
            >
              Order business risk report
            </Button>
          )
        }
      >
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconBuilding size={18} aria-hidden color="var(--mantine-color-gray-7)" style={{ flexShrink: 0 }} />
          <Text fz="sm">
            EIN{' '}
            <Text span ff="monospace" fw={600}>
              {einOf(business.ein)}
            </Text>
            {business.dotNumber && (
              <>
                {' · '}USDOT{' '}
                <Text span ff="monospace" fw={600}>
                  {business.dotNumber}
                </Text>
              </>
            )}
            {' · '}
            {stateName}
          </Text>
        </Group>
      </DetailHeader>

      <Paper withBorder radius="md" p="xl" component="section" aria-labelledby="business-details-heading">
        <Stack gap="md">
          <Title order={2} size="h4" id="business-details-heading">
            Details
          </Title>
          <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="md" m={0}>
            <Detail term="Name">{business.name}</Detail>
            <Detail term="EIN">
              <Text span ff="monospace" fz="sm" fw={500}>
                {einOf(business.ein)}
              </Text>
            </Detail>
            <Detail term="USDOT number">{business.dotNumber || notGiven}</Detail>
            <Detail term="Address">{business.addressLine || notGiven}</Detail>
            <Detail term="City">{business.city || notGiven}</Detail>
            <Detail term="State">
              {stateName} ({business.state})
            </Detail>
            <Detail term="ZIP code">{business.postalCode || notGiven}</Detail>
            <Detail term="Phone">{business.phone || notGiven}</Detail>
            <Detail term="Added">
              <time dateTime={business.createdAt}>{dateTime.format(new Date(business.createdAt))}</time>
            </Detail>
          </SimpleGrid>
        </Stack>
      </Paper>

      {ordersOn && (
        <Can I="view" a="Order">
          <SubjectOrders
            subject={{ businessId: business.id }}
            subjectNoun="business"
            reportsDescription="The completed orders of this business: their risk assessments."
            mayViewReports={ability.can('view', 'Reports')}
            orderAction={
              mayOrder && (
                <Button
                  renderRoot={(props) => <Link {...props} to="/orders/business-risk-assessment/single-order" search={{ businessId: business.id }} />}
                  variant="light"
                  leftSection={<IconReportSearch size={16} aria-hidden />}
                >
                  Order a business risk report
                </Button>
              )
            }
          />
        </Can>
      )}
    </Stack>
  );
}
