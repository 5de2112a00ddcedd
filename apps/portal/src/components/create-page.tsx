// The page that adds one thing to a company's list (a driver, a business): the breadcrumb back to the
// list, the title and what the thing is for, then one form card with the fields, the answer of a
// failed save above them, and Cancel / Add at the bottom. `useCreateSubmit` is its submit: it saves,
// says so and opens the new thing, or puts the server's answer where it belongs: invalid fields under
// their inputs, "already exists" (409) on the field that makes it a duplicate with a link to the one
// that exists, anything else in the alert.
import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../lib/api-error.ts';
import { focusFirstInvalid, focusFirstInvalidIn } from '../lib/focus-first-invalid.ts';
import { notify } from '../lib/toasts/notify.ts';
import { FormPageHeader } from './form-page-header.tsx';

/** The thing a 409 is about, when it can be found: its id and, if known, its name. */
export interface ExistingThing {
  id: string;
  name?: string;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** The id a problem's detail names ("… already exists (id …)"), if it names one. */
export const idNamedIn = (error: ApiError): string | undefined => UUID.exec(error.message)?.[0];

export interface CreateSubmitOptions<Values, Created> {
  form: UseFormReturnType<Values>;
  /** Saves the values; resolves to what was created. */
  create: (values: Values) => Promise<Created>;
  /** After a save: the toast's words, then where to go (the new thing's page). */
  created: (thing: Created) => { message: string; open: () => Promise<unknown> };
  /** The field a 409 is put on, and its words ("This driver already exists"). */
  duplicate: { field: string; message: string };
  /** The thing that already exists, looked up after a 409 (undefined when it cannot be found). */
  findExisting: (error: ApiError, values: Values) => Promise<ExistingThing | undefined>;
  /** Puts a 400's field errors under their inputs; false when none of them is a field of the form. */
  placeServerErrors: (form: UseFormReturnType<Values>, error: ApiError) => boolean;
  /** The alert's words when the request itself failed (no answer from the server). */
  failed: string;
}

export interface CreateSubmit {
  /** The form's onSubmit: validates, saves, and focuses the first invalid field when it cannot. */
  submit: (event?: FormEvent<HTMLFormElement>) => void;
  /** What went wrong, for the alert above the fields. */
  error: string | null;
  /** Set after a 409: the thing that exists, if it was found. */
  existing: { thing?: ExistingThing } | null;
}

export function useCreateSubmit<Values, Created>(options: CreateSubmitOptions<Values, Created>): CreateSubmit {
  const { form } = options;
  const [error, setError] = useState<string | null>(null);
  const [existing, setExisting] = useState<{ thing?: ExistingThing } | null>(null);

  const submit = form.onSubmit(async (values, event) => {
    // Read now: React clears currentTarget once the handler has returned.
    const formElement = event?.currentTarget as HTMLElement | undefined;
    setError(null);
    setExisting(null);
    try {
      const thing = await options.create(values);
      const { message, open } = options.created(thing);
      notify.success(message);
      await open();
    } catch (caught) {
      if (!(caught instanceof ApiError)) {
        setError(caught instanceof Error ? caught.message : options.failed);
        return;
      }
      if (caught.status === 409) {
        form.setFieldError(options.duplicate.field, options.duplicate.message);
        setExisting({ thing: await options.findExisting(caught, values) });
        focusFirstInvalidIn(formElement);
        return;
      }
      // The server's refusal arrives after the submit button took focus: the field to fix gets it back.
      if (options.placeServerErrors(form, caught)) focusFirstInvalidIn(formElement);
      else setError(caught.message);
    }
  }, (_errors, _values, event) => focusFirstInvalid(event));

  return { submit, error, existing };
}

export interface CreatePageProps {
  /** The list this page adds to: its name in the breadcrumb and its route (also where Cancel goes). */
  list: { label: string; to: string };
  /** The page's <h1> and breadcrumb ("Add a driver"). */
  title: string;
  /** What the thing is for, under the title. */
  description: string;
  /** The form's accessible name ("Driver"). */
  formLabel: string;
  state: CreateSubmit;
  /** The alert's title when saving failed ("The driver was not added"). */
  failedTitle: string;
  /** After a 409: the alert's title, its sentence, and where the existing thing's page is. */
  duplicate: { title: string; sentence: string; pageOf: (id: string) => { to: string; params: Record<string, string> }; openLabel: string };
  /** The submit button: its words, icon and whether the save is under way. */
  action: { label: string; icon: ReactNode; pending: boolean };
  /** The fields. */
  children: ReactNode;
}

export function CreatePage({ list, title, description, formLabel, state, failedTitle, duplicate, action, children }: CreatePageProps) {
  const existing = state.existing?.thing;
  const existingPage = existing && duplicate.pageOf(existing.id);
  return (
    <Stack gap="lg" maw={960}>
      <FormPageHeader list={list} title={title}>
        {description} Fields marked * are required.
      </FormPageHeader>

      <Paper withBorder radius="md" p="xl" component="form" onSubmit={state.submit} noValidate aria-label={formLabel}>
        <Stack gap="md">
          {state.error && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />} title={failedTitle}>
              {state.error}
            </Alert>
          )}
          {state.existing && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />} title={duplicate.title}>
              <Text fz="sm">
                {duplicate.sentence}
                {existing && existingPage && (
                  <>
                    {' '}
                    <Anchor renderRoot={(props) => <Link {...props} to={existingPage.to as never} params={existingPage.params as never} />} fz="sm" underline="always">
                      {existing.name ? `Open ${existing.name}` : duplicate.openLabel}
                    </Anchor>
                    .
                  </>
                )}
              </Text>
            </Alert>
          )}
          {children}
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" renderRoot={(props) => <Link {...props} to={list.to as never} />}>
              Cancel
            </Button>
            <Button type="submit" loading={action.pending} leftSection={action.icon}>
              {action.label}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
