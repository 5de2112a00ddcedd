// The order pages in a browser-like DOM against a stubbed API: the VIN field says which character is
// wrong and decodes the model year, a server refusal lands on its field and nothing navigates; the
// MVR form asks for the Texas record type only for a Texas licence and sends it with the order.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULESET } from '@clearlane/contract/domain/adjudication';
import { theme } from '../../../../src/app/theme.ts';
import { MvrOrderPage } from '../../../../src/features/orders/place/components/mvr-order-page.tsx';
import { VinOrderPage } from '../../../../src/features/orders/place/components/vin-order-page.tsx';
import { AbilityProvider } from '../../../../src/lib/ability.tsx';
import { configureHttp } from '../../../../src/lib/http.ts';
import { testUser } from '../../../fixtures.ts';

const ORDER_ID = '01a2075e-609a-79d9-a24e-c20369a7415d';
const agent = testUser({ roles: [{ name: 'Agent', permissions: [{ action: 'create', subject: 'Order' }, { action: 'view', subject: 'Order' }] }], groups: ['Agent'] });

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' } });

/** The API as the pages see it; `placeOrder` answers the order POST, `gets` other GETs by path. */
function stubApi(placeOrder: (call: Call) => Response, gets: Record<string, unknown> = {}) {
  const calls: Call[] = [];
  const fetch = async (input: string, init: RequestInit = {}) => {
    const call = { method: init.method ?? 'GET', url: new URL(input, 'http://acme.localhost'), body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const path = call.url.pathname;
    if (path === '/api/v1/tags/visible') return json(200, [{ name: 'onboarding', color: 'blue', visible: true }]);
    if (path === '/api/v1/rulesets/default') return json(200, { ...DEFAULT_RULESET, isDefault: true, updatedAt: null });
    if (path === '/api/v1/person/company/me') return json(200, { content: [], page: { number: 0, size: 20, totalElements: 0, totalPages: 0 } });
    if (call.method === 'POST' && path.startsWith('/api/v1/orders/')) return placeOrder(call);
    if (call.method === 'GET' && Object.hasOwn(gets, path)) return json(200, gets[path]);
    return json(404, { status: 404, code: 'NotFound', title: 'Not Found', detail: `No stub for ${path}` });
  };
  configureHttp({ idToken: async () => 'id-token', onUnauthenticated: () => {}, fetch: fetch as unknown as typeof globalThis.fetch });
  return calls;
}

function renderPage(path: string, page: ReactNode) {
  const root = createRootRoute({ component: Outlet });
  const tree = root.addChildren([
    createRoute({ getParentRoute: () => root, path: path.split('?')[0]!, component: () => <>{page}</> }),
    createRoute({ getParentRoute: () => root, path: '/orders/$id', component: () => <h1>The order</h1> }),
    createRoute({ getParentRoute: () => root, path: '/orders', component: () => <h1>Orders</h1> }),
  ]);
  const router = createRouter({ routeTree: tree, history: createMemoryHistory({ initialEntries: [path] }) });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <AbilityProvider user={agent}>
          <RouterProvider router={router} />
        </AbilityProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

const placed = () => json(201, { id: ORDER_ID, status: 'New' });

// Typing into Mantine inputs under jsdom is slow on a busy 2-core machine: a generous budget, no timing claims.
describe('the vehicle report page', { timeout: 60_000 }, () => {
  it('says which character is wrong as the VIN is typed, then decodes the model year of the corrected one', async () => {
    stubApi(placed);
    renderPage('/orders/vin/single-order', <VinOrderPage />);
    const user = userEvent.setup({ delay: null });
    const vin = await screen.findByRole('textbox', { name: /^VIN/ });

    await user.type(vin, '1M8GDM9A1KP04278');
    expect(vin).not.toHaveAttribute('aria-invalid', 'true'); // 16 characters: not wrong yet
    expect(screen.getByText(/16 of 17 typed/)).toBeInTheDocument();
    await user.type(vin, '8');
    expect(await screen.findByText('The check digit (9th character) is 1 but should be X: a character is probably mistyped.')).toBeInTheDocument();
    expect(vin).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/Valid VIN/)).toBeNull();

    await user.clear(vin);
    await user.type(vin, '1M8GDM9AXKP042788');
    expect(vin).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('status', { name: 'Decoded VIN' })).toHaveTextContent('Valid VIN: model year 1989 (or 2019), built in United States, manufacturer code 1M8.');
  });

  it('does not send a VIN with a wrong check digit at all', async () => {
    const calls = stubApi(placed);
    const router = renderPage('/orders/vin/single-order', <VinOrderPage />);
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByRole('textbox', { name: /^VIN/ }), '1M8GDM9A1KP042788');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText(/should be X/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    expect(router.state.location.pathname).toBe('/orders/vin/single-order');
  });

  it('shows the server’s refusal on the field and stays on the page', async () => {
    const calls = stubApi(() => json(400, { status: 400, code: 'InvalidInput', title: 'Bad Request', detail: 'Invalid input', errors: [{ path: 'body.vin', message: 'is not known to any vehicle registry' }] }));
    const router = renderPage('/orders/vin/single-order', <VinOrderPage />);
    const user = userEvent.setup({ delay: null });
    const vin = await screen.findByRole('textbox', { name: /^VIN/ });
    await user.type(vin, '1m8gdm9axkp042788');
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    expect(await screen.findByText('VIN is not known to any vehicle registry')).toBeInTheDocument();
    expect(vin).toHaveAttribute('aria-invalid', 'true');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url.pathname).toBe('/api/v1/orders/vehicle/order');
    expect(post?.body).toEqual({ vin: '1M8GDM9AXKP042788' });
    expect(router.state.location.pathname).toBe('/orders/vin/single-order');
    expect(screen.queryByRole('alert')).toBeNull(); // every problem found its field
  });

  it('goes to the new order once it is placed', async () => {
    stubApi(placed);
    const router = renderPage('/orders/vin/single-order', <VinOrderPage />);
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByRole('textbox', { name: /^VIN/ }), '1M8GDM9AXKP042788');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/orders/${ORDER_ID}`));
  });
});

/** Types a whole value at once: key-by-key typing under jsdom is slow and proves nothing more here. */
async function fill(user: ReturnType<typeof userEvent.setup>, label: RegExp, value: string) {
  await user.click(screen.getByRole('textbox', { name: label }));
  await user.paste(value);
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string, search?: string) {
  const input = screen.getByRole('combobox', { name: label });
  await user.click(input);
  if (search) {
    await user.clear(input);
    await user.paste(search);
  }
  // The dropdown is still in its opening transition (hidden to jsdom's eyes) when the option is picked.
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('the MVR page', { timeout: 60_000 }, () => {
  it('asks for the Texas record type only for a Texas licence, and sends it with the order', async () => {
    const calls = stubApi(placed);
    const router = renderPage('/orders/mvr/single-order', <MvrOrderPage />);
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('radio', { name: 'Type in a new driver' }));
    await fill(user, /^First name/, 'Casey');
    await fill(user, /^Last name/, 'Major');
    await fill(user, /^Date of birth/, '1984-02-17');
    await choose(user, /^Licence state/, 'California (CA)', 'Califo');
    expect(screen.queryByRole('combobox', { name: /^Texas record type/ })).toBeNull();

    await fill(user, /^Licence number/, '12345673');
    expect(await screen.findByText('California licence numbers are 1 letter and 7 digits (for example D1234567).')).toBeInTheDocument();

    // The same number is a Texan one: the message goes and the Texas record type is asked for.
    await choose(user, /^Licence state/, 'Texas (TX)', 'Texa');
    await waitFor(() => expect(screen.queryByText(/California licence numbers/)).toBeNull());
    expect(screen.getByRole('combobox', { name: /^Texas record type/ })).toHaveValue('Type 2: 3-year driving record');
    await choose(user, /^Texas record type/, 'Type 1: licence status only');
    await choose(user, /^Permissible purpose/, '(b)(13) With the written consent of the individual (e.g. employment screening)');
    expect(await screen.findByText('Standard driver eligibility: the driver passes when every rule holds')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/orders/${ORDER_ID}`));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/v1/orders/create-mvr-order');
    expect(Object.fromEntries(post.url.searchParams)).toEqual({ isAutoAdjudicated: 'true', ruleNamespace: 'default' });
    expect(post.body).toEqual({
      driver: { firstName: 'Casey', lastName: 'Major', dateOfBirth: '1984-02-17', licenceState: 'TX', licenceNumber: '12345673' },
      permissiblePurpose: 'WRITTEN_CONSENT',
      texasRecordType: 'TYPE_1_STATUS',
    });
  });
});

const RETRIED_ID = '01a2075e-609a-79d9-a24e-c20369a74000';

/** An order that ended in an error, as GET /orders/{id} and /orders/{id}/input answer it. */
function retriedOrder(type: string, subjectLabel: string, input: Record<string, unknown>, tags: string[]) {
  return {
    [`/api/v1/orders/${RETRIED_ID}`]: { id: RETRIED_ID, type, status: 'Error', subjectLabel, tags, riskAssessmentDefinitionName: null },
    [`/api/v1/orders/${RETRIED_ID}/input`]: { id: RETRIED_ID, type, input },
  };
}

describe('placing an order again', { timeout: 60_000 }, () => {
  it('fills the VIN form in with the VIN and tags of the order', async () => {
    const calls = stubApi(placed, retriedOrder('VIN_REPORT', 'VIN 1M8GDM9AXKP042788', { vin: '1M8GDM9AXKP042788' }, ['onboarding']));
    const router = renderPage(`/orders/vin/single-order?retryOf=${RETRIED_ID}`, <VinOrderPage />);
    expect(await screen.findByRole('textbox', { name: /^VIN/ })).toHaveValue('1M8GDM9AXKP042788');
    expect(screen.getByText('Placing again: VIN 1M8GDM9AXKP042788')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/orders/${ORDER_ID}`));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ vin: '1M8GDM9AXKP042788', tags: ['onboarding'] });
  });

  it('fills a bulk row’s MVR in as a typed-in driver, says so, and places it as it was', async () => {
    const input = {
      driver: { firstName: 'Casey', middleName: null, lastName: 'Major', dateOfBirth: '1984-02-17', licenceState: 'CA', licenceNumber: 'D1234567' },
      personId: null, permissiblePurpose: 'WRITTEN_CONSENT', isAutoAdjudicated: false, ruleNamespace: null, mvrExternalReferenceId: 'APP-7',
    };
    const calls = stubApi(placed, retriedOrder('MVR', 'Casey Major (CA D1234567)', input, ['onboarding']));
    const router = renderPage(`/orders/mvr/single-order?retryOf=${RETRIED_ID}`, <MvrOrderPage />);
    expect(await screen.findByRole('radio', { name: 'Type in a new driver' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /^First name/ })).toHaveValue('Casey');
    expect(screen.getByRole('textbox', { name: /^Licence number/ })).toHaveValue('D1234567');
    expect(screen.getByRole('textbox', { name: /^Your reference/ })).toHaveValue('APP-7');
    expect(screen.getByText(/not one of your company’s saved drivers/)).toHaveTextContent('Check the details, then place the order.');

    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/orders/${ORDER_ID}`));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(Object.fromEntries(post.url.searchParams)).toEqual({ isAutoAdjudicated: 'false' });
    expect(post.body).toEqual({
      driver: { firstName: 'Casey', lastName: 'Major', dateOfBirth: '1984-02-17', licenceState: 'CA', licenceNumber: 'D1234567' },
      permissiblePurpose: 'WRITTEN_CONSENT',
      mvrExternalReferenceId: 'APP-7',
      tags: ['onboarding'],
    });
  });
});

describe('a refused submit', { timeout: 60_000 }, () => {
  it('moves focus to the VIN when it is missing', async () => {
    stubApi(placed);
    renderPage('/orders/vin/single-order', <VinOrderPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^VIN/ })).toHaveFocus());
  });

  it('moves focus to the first field in error of the MVR form, not the last', async () => {
    stubApi(placed);
    renderPage('/orders/mvr/single-order', <MvrOrderPage />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('radio', { name: 'Type in a new driver' }));
    await fill(user, /^Last name/, 'Major');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^First name/ })).toHaveFocus());
  });
});
