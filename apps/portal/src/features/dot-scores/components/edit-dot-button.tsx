// Editing a listed DOT number (create Scores, as adding does): whether it is the company's own carrier
// or one it watches, and the company's label for it. Saved with POST /dots, which updates a number
// already listed. A field the server refuses shows its words under that field.
import { ActionIcon, Alert, Button, Group, Modal, Radio, Stack, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import type { DotRelationship } from '@clearlane/contract/dot-scores';
import { ApiError } from '../../../lib/api-error.ts';
import { useSaveDot } from '../../../lib/entities/dot-scores/save-dot.ts';
import { notify } from '../../../lib/toasts/notify.ts';
import { RELATIONSHIP_LABELS } from '../scores.ts';

/** The most characters of a label (AddDotBodySchema's, spelled out: the contract's module builds zod schemas at load). */
export const MAX_DOT_LABEL = 120;

const RELATIONSHIP_DESCRIPTIONS: Record<DotRelationship, string> = {
  OWN: 'A carrier your company operates.',
  WATCHED: 'A carrier you work with: a contractor, an insured, a partner.',
};

interface DotValues {
  relationship: DotRelationship;
  label: string;
}

const FIELD_NAMES = { relationship: 'Relationship', label: 'Label' } as const;
/** The server's words as a sentence about the field ("must be at most…" → "Label must be at most…"). */
const sentence = (field: keyof typeof FIELD_NAMES, message: string) => (/^[a-z]/.test(message) ? `${FIELD_NAMES[field]} ${message}` : message);

export interface EditableDot {
  dotNumber: string;
  relationship: DotRelationship;
  label: string | null;
}

/** What the toast says was saved: "USDOT 1000002 is now your own carrier, labelled "Linehaul"." */
export function savedDotText(dot: EditableDot): string {
  const what = dot.relationship === 'OWN' ? 'your own carrier' : 'a watched carrier';
  return `USDOT ${dot.dotNumber} is now ${what}, ${dot.label ? `labelled "${dot.label}"` : 'without a label'}.`;
}

/**
 * The edit dialog and the way to open it for a number. A list keeps it above its table/cards
 * switch, so the dialog outlives its row: a window resized across the phone width (the table
 * becomes cards) or a list refreshed by a scoring never closes it halfway through an edit.
 */
export function useEditDotDialog() {
  const [opened, setOpened] = useState(false);
  // The number as it was when the dialog opened: a refreshed list does not reset what is typed.
  const [dot, setDot] = useState<EditableDot | null>(null);
  const close = () => setOpened(false);
  const edit = (next: EditableDot) => {
    setDot(next);
    setOpened(true);
  };
  const dialog = (
    <Modal opened={opened} onClose={close} title={dot ? `Edit USDOT ${dot.dotNumber}` : 'Edit'} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {/* Mounted only while open, so every opening starts from the number as saved. */}
      {opened && dot && <EditDotForm dot={dot} onDone={close} />}
    </Modal>
  );
  return { edit, dialog };
}

/** The pencil that opens a list's edit dialog (useEditDotDialog) for this number. */
export function EditDotAction({ dot, name, onEdit }: { dot: EditableDot; name: string; onEdit: (dot: EditableDot) => void }) {
  const label = `Edit ${name} (USDOT ${dot.dotNumber})`;
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color="gray" aria-label={label} onClick={() => onEdit(dot)}>
        <IconPencil size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/** The pencil with a dialog of its own, for a page that shows one number. */
export function EditDotButton({ dot, name }: { dot: EditableDot; name: string }) {
  const { edit, dialog } = useEditDotDialog();
  return (
    <>
      <EditDotAction dot={dot} name={name} onEdit={edit} />
      {dialog}
    </>
  );
}

function EditDotForm({ dot, onDone }: { dot: EditableDot; onDone: () => void }) {
  const save = useSaveDot();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<DotValues>({
    initialValues: { relationship: dot.relationship, label: dot.label ?? '' },
    validate: {
      label: (value) => (value.trim().length > MAX_DOT_LABEL ? `Label has at most ${MAX_DOT_LABEL} characters (${value.trim().length} typed).` : null),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const saved = await save.mutateAsync({ dotNumber: dot.dotNumber, relationship: values.relationship, label: values.label.trim() || null });
      notify.success(savedDotText(saved));
      onDone();
    } catch (caught) {
      if (caught instanceof ApiError) {
        const fields = (['relationship', 'label'] as const).filter((field) => caught.fieldMessage(field));
        for (const field of fields) form.setFieldError(field, sentence(field, caught.fieldMessage(field)!));
        if (fields.length > 0) return;
      }
      setError(caught instanceof Error ? caught.message : 'The DOT number could not be saved.');
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={`Edit USDOT ${dot.dotNumber}`}>
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />} title="Nothing was saved">
            {error}
          </Alert>
        )}
        <Radio.Group label="Relationship" {...form.getInputProps('relationship')}>
          <Stack gap="xs" mt="xs">
            {(['OWN', 'WATCHED'] as const).map((relationship) => (
              <Radio key={relationship} value={relationship} label={RELATIONSHIP_LABELS[relationship]} description={RELATIONSHIP_DESCRIPTIONS[relationship]} />
            ))}
          </Stack>
        </Radio.Group>
        <TextInput
          label="Label"
          description={`Your own note, shown beside the number (at most ${MAX_DOT_LABEL} characters). Empty: no label.`}
          placeholder="Linehaul contractor, Midwest"
          {...form.getInputProps('label')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
