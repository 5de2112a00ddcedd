// How a claim form looks: react-jsonschema-form with its Mantine theme, plus our layout — the root's
// properties as numbered sections (each a region with an <h2>), fields in a two-column grid, lists
// (vehicles, drivers…) as cards with labelled "Add vehicle" / "Remove vehicle 2" buttons, and date
// inputs that write what JSON Schema's `date` and `date-time` formats accept.
import { Box, Button, Fieldset, Grid, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type {
  ArrayFieldItemTemplateProps, ArrayFieldTemplateProps, DescriptionFieldProps, ObjectFieldTemplateProps, RegistryWidgetsType, RJSFSchema, TemplatesType, WidgetProps,
} from '@rjsf/utils';
import { ariaDescribedByIds } from '@rjsf/utils';
import type { ChangeEvent } from 'react';
import { CompanyDriverWidget } from './company-driver-widget.tsx';

/** What one item of a list is called ("Add vehicle"): the built-in form's lists, else "item". */
const ITEM_NOUNS: Record<string, [one: string, many: string]> = {
  vehicles: ['vehicle', 'vehicles'],
  drivers: ['driver', 'drivers'],
  injuredPeople: ['injured person', 'injured people'],
  witnesses: ['witness', 'witnesses'],
  otherParties: ['other party', 'other parties'],
  citations: ['citation', 'citations'],
  attachments: ['attachment', 'attachments'],
};
export const itemNounOf = (arrayName: string | number | undefined) => ITEM_NOUNS[String(arrayName)]?.[0] ?? 'item';
const itemsNounOf = (arrayName: string | number | undefined) => ITEM_NOUNS[String(arrayName)]?.[1] ?? 'items';
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The DOM id of a section (the section navigation links to it). */
export const sectionId = (name: string) => `claim-section-${name}`;

/** A field spans both columns when it is a group, a list, a text area or a check box (long labels). */
function isWide(schema: RJSFSchema | undefined, uiSchema: Record<string, unknown> | undefined) {
  if (!schema) return true;
  const type = schema.type;
  return type === 'object' || type === 'array' || type === 'boolean' || uiSchema?.['ui:widget'] === 'textarea' || uiSchema?.['ui:widget'] === 'companyDriver';
}

function Properties({ properties, schema, uiSchema }: Pick<ObjectFieldTemplateProps, 'properties' | 'schema' | 'uiSchema'>) {
  return (
    <Grid gap="md">
      {properties
        .filter((property) => !property.hidden)
        .map((property) => {
          const propertySchema = schema.properties?.[property.name] as RJSFSchema | undefined;
          const wide = isWide(propertySchema, uiSchema?.[property.name] as Record<string, unknown> | undefined);
          return (
            <Grid.Col key={property.name} span={wide ? 12 : { base: 12, sm: 6 }}>
              {property.content}
            </Grid.Col>
          );
        })}
    </Grid>
  );
}

/**
 * The root: one region per section, in `ui:order`; a section: its description and fields (its title is
 * the region's heading); deeper groups (an address, a licence): a fieldset with a legend.
 */
function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { fieldPathId, properties, schema, uiSchema, title, description, errorSchema } = props;
  const depth = fieldPathId.path.length;
  if (depth === 0) {
    return (
      <Stack gap="lg">
        {properties
          .filter((property) => !property.hidden)
          .map((property, index) => {
            const sectionSchema = schema.properties?.[property.name] as RJSFSchema | undefined;
            const headingId = `${sectionId(property.name)}-heading`;
            return (
              <Paper key={property.name} withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" id={sectionId(property.name)} aria-labelledby={headingId} style={{ scrollMarginTop: 16 }}>
                <Title order={2} size="h3" id={headingId} mb="sm">
                  {index + 1}. {sectionSchema?.title ?? property.name}
                </Title>
                {property.content}
              </Paper>
            );
          })}
      </Stack>
    );
  }
  const body = (
    <Stack gap="sm">
      {description && depth === 1 && <Text fz="sm" c="dimmed" id={`${fieldPathId.$id}__description`}>{description}</Text>}
      <Properties properties={properties} schema={schema} uiSchema={uiSchema} />
    </Stack>
  );
  // A section (depth 1) and a list's item (its card names it) need no legend of their own.
  const isListItem = typeof fieldPathId.path[depth - 1] === 'number';
  if (depth === 1 || isListItem) return <Box id={fieldPathId.$id}>{body}</Box>;
  return (
    <Fieldset id={fieldPathId.$id} legend={title} variant="filled" radius="md">
      {description && <Text fz="sm" c="dimmed" mb="xs">{description}</Text>}
      {/* A group's own error ("Licence is required"): its fields have none of their own to show it. */}
      {(errorSchema?.__errors ?? []).length > 0 && (
        <Text fz="sm" c="red.8" mb="xs">
          {title} {errorSchema!.__errors!.join('; ')}
        </Text>
      )}
      <Properties properties={properties} schema={schema} uiSchema={uiSchema} />
    </Fieldset>
  );
}

function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { fieldPathId, items, canAdd, onAddClick, disabled, readonly, title, schema, rawErrors } = props;
  const depth = fieldPathId.path.length;
  const noun = itemNounOf(fieldPathId.path[depth - 1]);
  const listErrors = (rawErrors ?? []).filter(Boolean);
  const content = (
    <Stack gap="sm">
      {schema.description && <Text fz="sm" c="dimmed">{schema.description}</Text>}
      {items.length === 0 && <Text fz="sm" c="dimmed">No {itemsNounOf(fieldPathId.path[depth - 1])} yet.</Text>}
      {items}
      {listErrors.length > 0 && (
        <Text fz="sm" c="red.8" role="alert">
          {listErrors.join(' ')}
        </Text>
      )}
      {canAdd && (
        <Group>
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={onAddClick} disabled={disabled || readonly} id={`${fieldPathId.$id}__add`}>
            Add {noun}
          </Button>
        </Group>
      )}
    </Stack>
  );
  if (depth <= 1) return <Box id={fieldPathId.$id}>{content}</Box>;
  return (
    <Fieldset id={fieldPathId.$id} legend={title} variant="filled" radius="md">
      {content}
    </Fieldset>
  );
}

function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, index, buttonsProps, hasToolbar } = props;
  const path = buttonsProps.fieldPathId.path;
  const noun = itemNounOf(path[path.length - 2]);
  const heading = `${capitalised(noun)} ${index + 1}`;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={heading}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={3} size="h5">
          {heading}
        </Title>
        {hasToolbar && buttonsProps.hasRemove && (
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={buttonsProps.onRemoveItem}
            disabled={buttonsProps.disabled || buttonsProps.readonly}
            aria-label={`Remove ${noun} ${index + 1}`}
          >
            Remove
          </Button>
        )}
      </Group>
      {children}
    </Paper>
  );
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO date-time (with its offset) as a datetime-local input shows it: the browser's local time. */
export function localInputOf(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** What a datetime-local input holds (local time, no offset) as JSON Schema's `date-time` (UTC). */
export function isoOfLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function DateInputWidget(props: WidgetProps & { withTime?: boolean }) {
  const { id, label, hideLabel, required, disabled, readonly, rawErrors, value, onChange, onBlur, onFocus, schema, options, withTime } = props;
  const shown = withTime ? localInputOf(value) : typeof value === 'string' ? value : '';
  const change = (event: ChangeEvent<HTMLInputElement>) => onChange(withTime ? isoOfLocalInput(event.target.value) : event.target.value || undefined);
  return (
    <TextInput
      id={id}
      type={withTime ? 'datetime-local' : 'date'}
      label={hideLabel ? undefined : label}
      required={required}
      disabled={disabled || readonly}
      value={shown}
      onChange={change}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      description={(options.description as string | undefined) ?? schema.description}
      error={rawErrors && rawErrors.length > 0 ? rawErrors.join(' ') : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}

export const claimFormWidgets: RegistryWidgetsType = {
  DateWidget: (props: WidgetProps) => <DateInputWidget {...props} />,
  DateTimeWidget: (props: WidgetProps) => <DateInputWidget {...props} withTime />,
  companyDriver: CompanyDriverWidget,
};

/** A field's help (a check box's "Within 8 hours…"): small and quiet, as Mantine's input descriptions. */
function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  return description ? (
    <Text id={id} fz="sm" c="dimmed">
      {description}
    </Text>
  ) : null;
}

export const claimFormTemplates: Partial<TemplatesType> = { ObjectFieldTemplate, ArrayFieldTemplate, ArrayFieldItemTemplate, DescriptionFieldTemplate };
