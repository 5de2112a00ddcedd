// The claim form: a company's claim schema version rendered by react-jsonschema-form (Mantine theme),
// in sections with a section navigation, saved as a draft (checked against the draft schema: what is
// there must be right) or submitted (checked against the whole schema). Every error is shown by
// field, inline and listed above the form, and the first invalid field takes the focus. Errors the
// server finds (its 400 by field; what publishing still needs) are shown the same way.
import { Alert, Anchor, Badge, Box, Button, Grid, Group, List, NativeSelect, NavLink, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconDeviceFloppy } from '@tabler/icons-react';
import Form from '@rjsf/mantine';
import type { IChangeEvent } from '@rjsf/core';
import { getDefaultFormState, type Experimental_DefaultFormStateBehavior, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import type { ClaimDetail, ClaimSchemaVersion } from '@clearlane/contract/claims';
import { ApiError } from '../../../lib/api-error.ts';
import { focusFirstInvalidIn } from '../../../lib/focus-first-invalid.ts';
import {
  checkClaimForm, errorListOf, errorsOf, fieldIdOf, serverErrorsOf, withoutEmptyGroups, withRequiredGroups, type CheckMode, type ClaimErrorSchema, type ClaimFieldError, type ClaimFormData,
} from './claim-form-errors.ts';
import { claimFormTemplates, claimFormWidgets, sectionId } from './claim-form-templates.tsx';
import { claimFormValidation } from './claim-validators.ts';

export interface ClaimFormProps {
  version: ClaimSchemaVersion;
  initialFormData: ClaimFormData;
  /** Sends the form data (POST or PUT); answers the claim as saved, or throws the API's problem. */
  save: (formData: ClaimFormData, mode: CheckMode) => Promise<ClaimDetail>;
  /** After a save the form has nothing more to say about (a submitted form still missing something stays). */
  onSaved: (claim: ClaimDetail, mode: CheckMode) => void;
  /** Whether there are changes not saved yet (the page's leave guard). */
  onDirtyChange: (dirty: boolean) => void;
  submitLabel: string;
}

interface Outcome {
  title: string;
  errors: ClaimFieldError[];
  /** Problems not about one field of the form (a missing report, the schema version). */
  other: string[];
}

/** Only the schema's own defaults (0 fatalities, country US): no empty groups that would then lack their required fields. */
const DEFAULTS_BEHAVIOUR: Experimental_DefaultFormStateBehavior = { emptyObjectFields: 'skipEmptyDefaults', constAsDefaults: 'never' };

/** An icon shown from the small breakpoint up: on a phone both buttons' words need the room. */
const MobileHidden = ({ children }: { children: ReactNode }) => (
  <Box component="span" visibleFrom="sm" display="flex">
    {children}
  </Box>
);

const hasErrors = (errorSchema: ClaimErrorSchema) => errorsOf(errorSchema).length > 0;

export function ClaimForm({ version, initialFormData, save, onSaved, onDirtyChange, submitLabel }: ClaimFormProps) {
  const validation = useMemo(() => claimFormValidation(version.schema as RJSFSchema), [version.schema]);
  const uiSchema = version.uiSchema as UiSchema;
  // What the form fills in by itself: a group holding only that was not answered (withoutEmptyGroups).
  const defaults = useMemo(() => getDefaultFormState(validation.full, validation.schema, {}, validation.schema, false, DEFAULTS_BEHAVIOUR), [validation]);
  const [formData, setFormData] = useState<ClaimFormData>(initialFormData);
  const [errorSchema, setErrorSchema] = useState<ClaimErrorSchema>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [saving, setSaving] = useState<CheckMode | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const mode = useRef<CheckMode>('draft');

  const sections = useMemo(() => sectionsOf(validation.schema, uiSchema), [validation.schema, uiSchema]);
  const errorsBySection = useMemo(() => {
    const counts = new Map<string, number>();
    for (const error of errorsOf(errorSchema)) {
      const section = error.path.split('.')[0] ?? '';
      counts.set(section, (counts.get(section) ?? 0) + 1);
    }
    return counts;
  }, [errorSchema]);

  const show = (title: string, errors: ClaimErrorSchema, other: string[] = []) => {
    setErrorSchema(errors);
    // Listed in the form's order (sections as laid out), as the fields are met on the page.
    const position = (path: string) => sections.findIndex((section) => section.name === path.split('.')[0]);
    const listed = errorListOf(errors, validation.schema).sort((a, b) => position(a.path) - position(b.path));
    setOutcome({ title, errors: listed, other });
    // The first field in error takes the focus; when no field is (a list that needs an item), the list of errors does.
    setTimeout(() => {
      if (formRef.current?.querySelector('[aria-invalid="true"]')) focusFirstInvalidIn(formRef.current);
      else summaryRef.current?.focus();
    });
  };

  const change = (event: IChangeEvent<ClaimFormData>) => {
    setFormData(event.formData ?? {});
    onDirtyChange(true);
  };

  const submit = async (entered: ClaimFormData) => {
    const checking = mode.current;
    const data = withoutEmptyGroups(entered, defaults);
    if (validation.checkedHere) {
      const local = checking === 'draft'
        ? checkClaimForm(validation.draft, validation.draftSchema, data)
        : checkClaimForm(validation.full, validation.schema, withRequiredGroups(data, validation.schema));
      if (hasErrors(local)) {
        show(checking === 'draft' ? 'The draft was not saved: correct what is not right' : 'The claim is not complete yet', local);
        return;
      }
    }
    setSaving(checking);
    try {
      const claim = await save(data, checking);
      onDirtyChange(false);
      // Only the server checks a company's own form version: what publishing still needs comes back with the claim.
      const missing = serverErrorsOf(claim.publishBlockers);
      if (checking === 'full' && hasErrors(missing.errorSchema)) {
        show('Saved, but the claim is not complete yet', missing.errorSchema);
        return;
      }
      setErrorSchema({});
      setOutcome(null);
      onSaved(claim, checking);
    } catch (caught) {
      if (caught instanceof ApiError && caught.fieldErrors.length > 0) {
        const { errorSchema: fromServer, other } = serverErrorsOf(caught.fieldErrors);
        show(caught.status === 400 ? 'The claim was not saved: correct what is not right' : caught.message, fromServer, other.map((error) => `${error.path}: ${error.message}`));
      } else {
        show('The claim was not saved', {}, [caught instanceof Error ? caught.message : String(caught)]);
      }
    } finally {
      setSaving(null);
    }
  };

  const goTo = (id: string) => {
    const target = document.getElementById(id);
    target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    (target?.querySelector<HTMLElement>('input, textarea, select, button') ?? target)?.focus({ preventScroll: true });
  };

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 3 }} visibleFrom="md">
        <Paper withBorder radius="md" p="xs" component="nav" aria-label="Sections of the form" style={{ position: 'sticky', top: 16 }}>
          {sections.map((section, index) => {
            const count = errorsBySection.get(section.name) ?? 0;
            return (
              <NavLink
                key={section.name}
                href={`#${sectionId(section.name)}`}
                label={`${index + 1}. ${section.title}`}
                onClick={(event) => {
                  event.preventDefault();
                  goTo(sectionId(section.name));
                }}
                rightSection={count > 0 ? <Badge color="red" size="sm" variant="filled" aria-label={`${count} to correct`}>{count}</Badge> : null}
              />
            );
          })}
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Stack gap="lg">
          <NativeSelect
            hiddenFrom="md"
            label="Go to a section"
            value=""
            data={[{ value: '', label: 'Choose a section…' }, ...sections.map((section, index) => {
              const count = errorsBySection.get(section.name) ?? 0;
              return { value: section.name, label: `${index + 1}. ${section.title}${count > 0 ? ` (${count} to correct)` : ''}` };
            })]}
            onChange={(event) => event.currentTarget.value && goTo(sectionId(event.currentTarget.value))}
          />
          {!validation.checkedHere && (
            <Alert color="blue" variant="light" role="note" title={`Your company's form, version ${version.version}`}>
              This version of the form is checked when you save it: anything not right is shown by its field after saving.
            </Alert>
          )}
          {outcome && (
            <Alert ref={summaryRef} tabIndex={-1} color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />} title={outcome.title}>
              {outcome.errors.length > 0 && (
                <>
                  <Text fz="sm" mb={4}>
                    {outcome.errors.length === 1 ? '1 field needs' : `${outcome.errors.length} fields need`} your attention:
                  </Text>
                  <List fz="sm" spacing={2}>
                    {outcome.errors.map((error) => (
                      <List.Item key={`${error.path}:${error.message}`}>
                        <Anchor
                          component="button"
                          type="button"
                          fz="sm"
                          c="red.9"
                          underline="always"
                          onClick={() => goTo(document.getElementById(fieldIdOf(error.path)) ? fieldIdOf(error.path) : sectionId(error.path.split('.')[0] ?? ''))}
                        >
                          {error.label}
                        </Anchor>{' '}
                        {error.message}
                      </List.Item>
                    ))}
                  </List>
                </>
              )}
              {outcome.other.map((message) => (
                <Text key={message} fz="sm">
                  {message}
                </Text>
              ))}
            </Alert>
          )}
          <Box ref={formRef}>
            <Form
              schema={validation.schema}
              uiSchema={uiSchema}
              validator={validation.full}
              formData={formData}
              onChange={change}
              onSubmit={(event) => void submit(event.formData ?? {})}
              extraErrors={errorSchema}
              showErrorList={false}
              noHtml5Validate
              noValidate
              templates={claimFormTemplates}
              widgets={claimFormWidgets}
              idPrefix="root"
              experimental_defaultFormStateBehavior={DEFAULTS_BEHAVIOUR}
            >
              <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} mt="lg" pos="sticky" bottom={0} style={{ zIndex: 2 }} shadow="sm">
                <Group justify="space-between" gap="sm">
                  <Text fz="sm" c="dimmed" maw={420} visibleFrom="sm">
                    A draft may be incomplete; submitting checks every required field.
                  </Text>
                  <Group gap="sm" wrap="nowrap" w={{ base: '100%', sm: 'auto' }}>
                    <Button type="submit" variant="default" flex={{ base: '1 1 auto', sm: 'none' }} loading={saving === 'draft'} disabled={saving !== null} leftSection={<MobileHidden><IconDeviceFloppy size={16} aria-hidden /></MobileHidden>} onClick={() => (mode.current = 'draft')}>
                      Save draft
                    </Button>
                    <Button type="submit" flex={{ base: '1 1 auto', sm: 'none' }} loading={saving === 'full'} disabled={saving !== null} leftSection={<MobileHidden><IconCheck size={16} aria-hidden /></MobileHidden>} onClick={() => (mode.current = 'full')}>
                      {submitLabel}
                    </Button>
                  </Group>
                </Group>
              </Paper>
            </Form>
          </Box>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** The sections of a form: the root's properties in the uiSchema's `ui:order` (the others after them). */
export function sectionsOf(schema: RJSFSchema, uiSchema: UiSchema): { name: string; title: string }[] {
  const names = Object.keys(schema.properties ?? {});
  const order = Array.isArray(uiSchema['ui:order']) ? (uiSchema['ui:order'] as string[]).filter((name) => names.includes(name)) : [];
  return [...order, ...names.filter((name) => !order.includes(name))].map((name) => {
    const property = schema.properties?.[name];
    return { name, title: typeof property === 'object' && typeof property.title === 'string' ? property.title : name };
  });
}
