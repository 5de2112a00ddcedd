// The add page block (components/create-page.tsx): a save that works says so and opens the new thing;
// a 409 marks the duplicate field and links to the thing that exists; a 400 puts its field's words
// under the field; anything else is said above the fields.
import { MantineProvider, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../src/app/theme.ts';
import { CreatePage, idNamedIn, useCreateSubmit } from '../../src/components/create-page.tsx';
import { ApiError } from '../../src/lib/api-error.ts';

const EXISTING_ID = '0190f0d5-1111-7222-8333-944455556666';

function renderAddPage(save: (values: { name: string }) => Promise<{ id: string; name: string }>) {
  const opened = vi.fn(async (_id: string) => {});
  function AddThingPage() {
    const form = useForm({ initialValues: { name: '' }, validate: { name: (value) => (value ? null : 'Name is required') } });
    const state = useCreateSubmit({
      form,
      create: save,
      created: (thing) => ({ message: `${thing.name} was added`, open: () => opened(thing.id) }),
      duplicate: { field: 'name', message: 'This thing already exists' },
      findExisting: async (error) => ({ id: idNamedIn(error) ?? 'unknown', name: 'Old thing' }),
      placeServerErrors: (target, error) => {
        const message = error.fieldMessage('name');
        if (message) target.setFieldError('name', message);
        return Boolean(message);
      },
      failed: 'The thing could not be added.',
    });
    return (
      <CreatePage
        list={{ label: 'Things', to: '/' }}
        title="Add a thing"
        description="A thing."
        formLabel="Thing"
        state={state}
        failedTitle="The thing was not added"
        duplicate={{ title: 'This thing already exists', sentence: 'Your company has this thing.', pageOf: (id) => ({ to: '/things/$id', params: { id } }), openLabel: 'Open it' }}
        action={{ label: 'Add thing', icon: null, pending: false }}
      >
        <TextInput label="Name" {...form.getInputProps('name')} />
      </CreatePage>
    );
  }
  const root = createRootRoute();
  const routeTree = root.addChildren([
    createRoute({ getParentRoute: () => root, path: '/', component: AddThingPage }),
    createRoute({ getParentRoute: () => root, path: '/things/$id', component: () => null }),
  ]);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return { opened };
}

async function submitName(name: string) {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText('Name'), name);
  await user.click(screen.getByRole('button', { name: 'Add thing' }));
}

describe('the add page block', { timeout: 60_000 }, () => {
  it('opens what it added', async () => {
    const { opened } = renderAddPage(async (values) => ({ id: 'new-id', name: values.name }));
    await submitName('Crane');
    await waitFor(() => expect(opened).toHaveBeenCalledWith('new-id'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('marks a duplicate on its field and links to the one that exists', async () => {
    renderAddPage(async () => {
      throw new ApiError(409, { status: 409, code: 'AlreadyExists', detail: `Already exists (id ${EXISTING_ID})` });
    });
    await submitName('Crane');
    const alert = await screen.findByRole('alert', { name: /This thing already exists/ });
    expect(alert).toHaveTextContent('Your company has this thing.');
    expect(screen.getByRole('link', { name: 'Open Old thing' })).toHaveAttribute('href', `/things/${EXISTING_ID}`);
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
  });

  it('puts a field problem under its field, and any other failure above the fields', async () => {
    let answer: Error = new ApiError(400, { status: 400, code: 'InvalidInput', detail: 'Bad', errors: [{ path: 'body.name', message: 'Name is too odd' }] });
    renderAddPage(async () => {
      throw answer;
    });
    await submitName('Crane');
    expect(await screen.findByText('Name is too odd')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());

    answer = new ApiError(503, { status: 503, code: 'Unavailable', detail: 'Try again shortly.' });
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Add thing' }));
    expect(await screen.findByRole('alert', { name: /The thing was not added/ })).toHaveTextContent('Try again shortly.');
  });
});
