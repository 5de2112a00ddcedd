// "Add DOT numbers": numbers typed or pasted (commas, spaces or new lines between them) join the
// company's list as watched carriers and are scored at once (POST /scores/dot/quality). A number
// that is not one is named under the field before anything is sent; should the server still refuse
// one (its 400 names `body.<index>`), its words are shown there too.
import { Button, Group, Paper, Stack, Textarea, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-error.ts';
import { MAX_DOT_NUMBERS_PER_SCORING } from '../../../lib/entities/dot-scores/score-dots.ts';
import { parseDotInput } from '../scores.ts';
import type { Scoring } from '../use-scoring.ts';

/** The words of a refusal for the field: every bad number the server named, or its detail. */
export function scoringErrorText(error: Error | null): string | null {
  if (!error) return null;
  if (error instanceof ApiError && error.status === 400 && error.fieldErrors.length > 0) return error.fieldErrors.map((field) => field.message).join(' ');
  return error.message;
}

export function AddDotsForm({ scoring }: { scoring: Scoring }) {
  const headingId = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { dots, invalid } = parseDotInput(text);
    if (invalid.length > 0) {
      setProblem(invalid.map((value) => `"${value.slice(0, 40)}" is not a USDOT number: it has 1 to 8 digits.`).join(' '));
      return;
    }
    if (dots.length === 0) return setProblem('Type at least one DOT number.');
    if (dots.length > MAX_DOT_NUMBERS_PER_SCORING) return setProblem(`At most ${MAX_DOT_NUMBERS_PER_SCORING} DOT numbers at a time (${dots.length} typed).`);
    setProblem(null);
    if (await scoring.score(dots)) setText('');
  };

  const error = problem ?? scoringErrorText(scoring.error);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="md" id={headingId}>
            Add DOT numbers
          </Title>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <Textarea
              label="DOT numbers"
              description="USDOT numbers of 1 to 8 digits, separated by commas, spaces or new lines. They are watched and scored at once."
              placeholder="1234562, 2345670"
              autosize
              minRows={1}
              maxRows={6}
              value={text}
              onChange={(event) => {
                setText(event.currentTarget.value);
                setProblem(null);
              }}
              error={error}
              style={{ flex: '1 1 320px' }}
              inputMode="numeric"
            />
            <Button type="submit" leftSection={<IconPlus size={16} aria-hidden />} loading={scoring.isScoring} mt={{ base: 0, sm: 46 }}>
              Add and score
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
