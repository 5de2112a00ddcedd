// /orders/business-risk-assessment/single-order: order a business risk report for one of the
// company's businesses (searched, or pre-selected by ?businessId= from the business page). A company
// without businesses is sent to add one first.
import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBuildingPlus, IconInfoCircle } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Business } from '@clearlane/contract/businesses';
import { LICENCE_FORMATS } from '@clearlane/contract/domain/driver-licence-formats';
import { notify } from '../../../../lib/toasts/notify.ts';
import { focusFirstInvalid } from '../../../../lib/focus-first-invalid.ts';
import { Can } from '../../../../lib/ability.tsx';
import { useCreateBusinessRiskOrder } from '../../../../lib/entities/orders/place-orders.ts';
import { useOptionalBusiness } from '../../../../lib/entities/businesses/get-business.ts';
import { useBusinessSearch } from '../../../../lib/entities/businesses/get-businesses.ts';
import { BUSINESS_RISK_LABELS, EMPTY_BUSINESS_RISK, toBusinessRiskRequest, validateBusinessRisk, type BusinessRiskValues } from '../forms/risk-order-forms.ts';
import { businessRiskValuesOf } from '../forms/retry.ts';
import { explainRefusal } from '../forms/shared.ts';
import { OrderFormActions, OrderNotPlacedAlert } from './order-form-layout.tsx';
import { DefinitionField } from './risk-definition-field.tsx';
import { OrderFormPage } from './retried-order.tsx';
import { BusinessPicker } from '../../../../components/subject-pickers.tsx';
import { TagsField } from './tags-field.tsx';

const pickedBusinessDescription = (business: Business | undefined) =>
  business
    ? [`Registered in ${LICENCE_FORMATS[business.state].name}`, business.dotNumber && `USDOT ${business.dotNumber}`, business.city].filter(Boolean).join('; ') + '.'
    : 'Search your company’s businesses.';

function NoBusinessesYet() {
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title="Your company has no businesses yet">
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">A business risk report is ordered for one of your company’s businesses. Add the business first, then come back here.</Text>
        <Can I="create" a="Business">
          <Anchor component={Link} to="/businesses/add-business" fz="sm" underline="always">
            <Group gap={4} component="span">
              <IconBuildingPlus size={16} aria-hidden />
              Add a business
            </Group>
          </Anchor>
        </Can>
      </Stack>
    </Alert>
  );
}

export function BusinessRiskOrderPage({ businessId }: { businessId?: string }) {
  return (
    <OrderFormPage
      title="Order a business risk assessment"
      intro="A risk report on a business: years in business, liens, judgments and bankruptcy filings, sanctions lists and, for motor carriers, the FMCSA safety rating, with an overall risk level. It is usually ready within a few minutes."
      types={['BUSINESS_RISK_INFORM_REPORT']}
      form={(retried) => <BusinessRiskOrderForm initialValues={retried ? businessRiskValuesOf(retried) : { ...EMPTY_BUSINESS_RISK, businessId: businessId ?? '' }} />}
    />
  );
}

function BusinessRiskOrderForm({ initialValues }: { initialValues: BusinessRiskValues }) {
  const businessId = initialValues.businessId || undefined;
  const navigate = useNavigate();
  const create = useCreateBusinessRiskOrder();
  const [problem, setProblem] = useState<string | null>(null);
  // undefined until the user picks: until then the business named by the link is the pick.
  const [pickedByUser, setPickedByUser] = useState<Business | null | undefined>(undefined);
  const linked = useOptionalBusiness(pickedByUser === undefined ? businessId : undefined);
  const picked = pickedByUser === undefined ? linked.data : (pickedByUser ?? undefined);
  const linkedBusinessMissing = pickedByUser === undefined && !!businessId && linked.isError;
  const everyBusiness = useBusinessSearch('');
  const hasNoBusinesses = everyBusiness.data?.page.totalElements === 0;

  const form = useForm<BusinessRiskValues>({
    initialValues,
    validateInputOnChange: true,
    validate: validateBusinessRisk,
  });

  const pick = (business: Business | undefined) => {
    setPickedByUser(business ?? null);
    form.setFieldValue('businessId', business?.id ?? '');
  };

  const submit = form.onSubmit(async (submitted, event) => {
    setProblem(null);
    if (!picked) {
      form.setFieldError('businessId', 'Choose the business to assess');
      focusFirstInvalid(event);
      return;
    }
    try {
      const order = await create.mutateAsync(toBusinessRiskRequest(submitted));
      notify.success('Order placed');
      await navigate({ to: '/orders/$id', params: { id: order.id } });
    } catch (caught) {
      setProblem(explainRefusal(form, caught, BUSINESS_RISK_LABELS));
    }
  }, (_errors, _values, event) => focusFirstInvalid(event));

  if (hasNoBusinesses) return <NoBusinessesYet />;
  return (
    <Paper withBorder radius="md" p="xl" component="form" onSubmit={submit} noValidate aria-label="Business risk assessment order">
      <Stack gap="lg">
        <OrderNotPlacedAlert message={problem} />
        <BusinessPicker
          label="Business"
          required
          description={pickedBusinessDescription(picked)}
          picked={picked}
          onPick={pick}
          error={form.errors.businessId ?? (linkedBusinessMissing ? 'The business in the link is not one of your company’s businesses. Choose another.' : undefined)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DefinitionField {...form.getInputProps('definitionName')} />
          <TagsField {...form.getInputProps('tags')} />
        </SimpleGrid>
        <OrderFormActions placing={create.isPending} />
      </Stack>
    </Paper>
  );
}
