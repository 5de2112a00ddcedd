// The rules form (manage Order): the ruleset's name and each rule's fields as inputs and selects,
// rules added, removed and moved; every problem shown on its field. Submitting asks the server for a
// preview of what the draft would change; the dialog then saves it as the next version.
import { ActionIcon, Alert, Button, Grid, Group, MultiSelect, NumberInput, Paper, Select, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconArrowDown, IconArrowUp, IconEye, IconPlus, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ADJUDICATION_FACTS, type AdjudicationFact, type RuleOperator } from '@clearlane/contract/domain/adjudication';
import type { RulesetBody, RulesetPreview } from '@clearlane/contract/rulesets';
import { ApiError } from '../../../lib/api-error.ts';
import { focusFirstInvalid, focusFirstInvalidIn } from '../../../lib/focus-first-invalid.ts';
import type { RulesetView } from '../../../lib/entities/rulesets/get-ruleset.ts';
import { usePreviewRuleset, useSaveRuleset } from '../../../lib/entities/rulesets/ruleset-versions.ts';
import { notify } from '../../../lib/toasts/notify.ts';
import {
  FACT_OPTIONS, fieldOf, isListOperator, newRule, OPERATOR_LABELS, operatorsFor, sentence, STATUS_OPTIONS, toRulesetBody, toRulesetValues, validateRuleset, withFact,
  type RulesetValues,
} from '../rule-form.ts';
import { RULESET_HEADING_ID } from './format.ts';
import { RulesetPreviewDialog } from './ruleset-preview.tsx';

const MAX_RULES = 50;

export interface RuleEditorProps {
  namespace: string;
  /** What the form starts from: the saved ruleset, or the default rules for a new one. */
  initial: Pick<RulesetView, 'name' | 'rules'>;
  /** The version being edited (0: never saved). */
  version: number;
}

/** Saved, the page shows the new version (the ruleset's query holds it) and the form starts again from it. */
export function RuleEditor({ namespace, initial, version }: RuleEditorProps) {
  const form = useForm<RulesetValues>({ mode: 'controlled', initialValues: toRulesetValues(initial), validate: validateRuleset, validateInputOnBlur: true });
  const preview = usePreviewRuleset(namespace);
  const save = useSaveRuleset(namespace);
  const [draft, setDraft] = useState<{ body: RulesetBody; preview: RulesetPreview } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const formId = useId();

  /** The server's 400: each problem on its field, the rest said above the form. */
  const showRefusal = (error: Error, values: RulesetValues) => {
    if (error instanceof ApiError && error.fieldErrors.length > 0) {
      for (const problem of error.fieldErrors) {
        const field = fieldOf(problem.path, values);
        form.setFieldError(field, sentence(field, problem.message));
      }
      setRefusal('Some values are not valid: see the fields marked below.');
      focusFirstInvalidIn(document.getElementById(formId));
    } else {
      setRefusal(error.message);
    }
  };

  const submit = form.onSubmit(
    (values) => {
      setRefusal(null);
      const body = toRulesetBody(values);
      preview.mutate(body, { onSuccess: (answer) => setDraft({ body, preview: answer }), onError: (error) => showRefusal(error, values) });
    },
    (_errors, _values, event) => focusFirstInvalid(event),
  );

  const confirm = () => {
    if (!draft) return;
    save.mutate(draft.body, {
      onSuccess: (saved) => {
        setDraft(null);
        notify.success(`Saved “${saved.name}” as version ${saved.version}`);
        setTimeout(() => document.getElementById(RULESET_HEADING_ID)?.focus());
      },
      onError: (error) => {
        setDraft(null);
        showRefusal(error, form.getValues());
        notify.error(error.message, { title: 'The rules could not be saved' });
      },
    });
  };

  const rules = form.getValues().rules;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="rule-editor-heading">
      <form id={formId} onSubmit={submit} noValidate>
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} size="h4" id="rule-editor-heading">
              Edit rules
            </Title>
            <Text fz="sm" c="dimmed">
              A record passes when it meets every rule. Before saving you see how the change would judge the last 90 days’ completed MVRs.
            </Text>
          </Stack>
          {refusal && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} title="Not saved">
              {refusal}
            </Alert>
          )}
          <TextInput label="Name" required maxLength={120} {...form.getInputProps('name')} />
          {form.errors.rules && (
            <Text fz="sm" c="red.8" role="alert">
              {form.errors.rules}
            </Text>
          )}
          <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Rules">
            {rules.map((rule, index) => {
              const takesYears = ADJUDICATION_FACTS[rule.fact].takesYears;
              const list = isListOperator(rule.operator);
              const path = (field: string) => `rules.${index}.${field}`;
              const number = index + 1;
              return (
                <Paper key={rule.key} component="li" withBorder radius="md" p="md" bg="var(--mantine-color-default-hover)" aria-label={`Rule ${number}`}>
                  <Stack gap="sm">
                    <Group justify="space-between" gap="xs">
                      <Text fw={600} fz="sm">
                        Rule {number}
                      </Text>
                      <Group gap={4}>
                        <ActionIcon variant="subtle" color="gray.8" aria-label={`Move rule ${number} up`} disabled={index === 0} onClick={() => form.reorderListItem('rules', { from: index, to: index - 1 })}>
                          <IconArrowUp size={18} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="gray.8"
                          aria-label={`Move rule ${number} down`}
                          disabled={index === rules.length - 1}
                          onClick={() => form.reorderListItem('rules', { from: index, to: index + 1 })}
                        >
                          <IconArrowDown size={18} />
                        </ActionIcon>
                        <ActionIcon variant="subtle" color="red.8" aria-label={`Remove rule ${number}`} disabled={rules.length === 1} onClick={() => form.removeListItem('rules', index)}>
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Group>
                    </Group>
                    <TextInput label="Description" description="What the rule checks, as the order page shows it" required maxLength={200} {...form.getInputProps(path('description'))} />
                    <Grid gap="sm">
                      <Grid.Col span={{ base: 12, sm: 6, md: takesYears ? 4 : 5 }}>
                        <Select
                          label="Fact"
                          data={FACT_OPTIONS}
                          allowDeselect={false}
                          required
                          {...form.getInputProps(path('fact'))}
                          onChange={(fact) => fact && form.setFieldValue(`rules.${index}`, withFact(rule, fact as AdjudicationFact))}
                        />
                      </Grid.Col>
                      {takesYears && (
                        <Grid.Col span={{ base: 12, sm: 6, md: 2 }}>
                          <NumberInput label="In the last (years)" min={1} max={10} allowDecimal={false} required {...form.getInputProps(path('years'))} />
                        </Grid.Col>
                      )}
                      <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                        <Select
                          label="Comparison"
                          data={operatorsFor(rule.fact).map((operator) => ({ value: operator, label: OPERATOR_LABELS[operator] }))}
                          allowDeselect={false}
                          required
                          {...form.getInputProps(path('operator'))}
                          onChange={(operator) => operator && form.setFieldValue(path('operator'), operator as RuleOperator)}
                        />
                      </Grid.Col>
                      <Grid.Col span={{ base: 12, sm: 6, md: takesYears ? 3 : 4 }}>
                        {list ? (
                          <MultiSelect label="Statuses" data={STATUS_OPTIONS} required {...form.getInputProps(path('statuses'))} />
                        ) : takesYears ? (
                          <NumberInput label="Value" min={0} allowDecimal={false} required {...form.getInputProps(path('count'))} />
                        ) : (
                          <Select label="Status" data={STATUS_OPTIONS} allowDeselect={false} required {...form.getInputProps(path('status'))} />
                        )}
                      </Grid.Col>
                    </Grid>
                    <TextInput
                      label="Rule id"
                      description="How the order page names the rule that decided; lowercase letters, digits and hyphens"
                      required
                      maxLength={63}
                      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                      {...form.getInputProps(path('id'))}
                    />
                  </Stack>
                </Paper>
              );
            })}
          </Stack>
          <Group justify="space-between" gap="sm">
            <Button
              variant="default"
              leftSection={<IconPlus size={16} />}
              disabled={rules.length >= MAX_RULES}
              onClick={() => form.insertListItem('rules', newRule(rules))}
            >
              Add a rule
            </Button>
            <Button type="submit" loading={preview.isPending} leftSection={<IconEye size={16} />}>
              Preview and save
              <VisuallyHidden> as version {version + 1}</VisuallyHidden>
            </Button>
          </Group>
        </Stack>
      </form>
      <RulesetPreviewDialog preview={draft?.preview ?? null} nextVersion={version + 1} saving={save.isPending} onSave={confirm} onClose={() => setDraft(null)} />
    </Paper>
  );
}
