// Reviewing orders (issue 13): the company's sub-status list (GET|PUT /company/me/sub-statuses,
// which PATCH /orders/{id}/status picks from) and the FCRA adverse action of an order, step by
// step: the happy path, the final notice too early (409 naming the date), the wrong order type or
// state, the roles, and another company (404, nothing written).
import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { addBusinessDays, DEFAULT_SUB_STATUSES, finalNoticeAllowedOn, waitingPeriodOver } from '@clearlane/contract';
import { orderAdverseActions, orderEvents, orders } from '../src/db/schema.ts';
import {
  ACME_HOST, GLOBEX_HOST, bearer, describeEachDatabase, errorPaths, expectProblem, fulfilOrder, seedTwoCompanies, signInAs,
} from './helpers.ts';
import { vinCheckDigit } from '@clearlane/contract';

/** A valid VIN whose serial ends in 0 (the sandbox completes it). */
const draftVin = '1HGCM82603A004350';
const VIN = `${draftVin.slice(0, 8)}${vinCheckDigit(draftVin)}${draftVin.slice(9)}`;

type Role = 'admin' | 'manager' | 'agent' | 'viewer' | 'globexAdmin';

describe('the FCRA waiting period', () => {
  it('counts business days (Monday to Friday) after the notice day, in UTC', () => {
    expect(addBusinessDays(new Date('2026-11-23T15:00:00Z'), 5)).toBe('2026-11-30'); // Monday → Monday
    expect(addBusinessDays(new Date('2026-11-27T23:59:00Z'), 5)).toBe('2026-12-04'); // Friday → Friday
    expect(addBusinessDays(new Date('2026-11-28T09:00:00Z'), 5)).toBe('2026-12-04'); // Saturday → Friday
    expect(finalNoticeAllowedOn(new Date('2026-11-25T10:00:00Z'))).toBe('2026-12-02');
    expect(waitingPeriodOver('2026-12-02', new Date('2026-12-01T23:59:59Z'))).toBe(false);
    expect(waitingPeriodOver('2026-12-02', new Date('2026-12-02T00:00:00Z'))).toBe(true);
  });
});

describeEachDatabase('order review', (t) => {
  let seeded: Awaited<ReturnType<typeof seedTwoCompanies>>;
  const tokens = {} as Record<Role, string>;
  let licence = 500_000;

  beforeAll(async () => {
    seeded = await seedTwoCompanies(t.db);
    for (const key of Object.keys(seeded.users) as Role[]) {
      tokens[key] = (await signInAs(t.app, seeded.users[key].email, undefined, key === 'globexAdmin' ? GLOBEX_HOST : undefined)).idToken;
    }
  });

  const send = (method: InjectOptions['method'], url: string, role: Role, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as InjectOptions['payload'], headers: { host: role === 'globexAdmin' ? GLOBEX_HOST : ACME_HOST, ...bearer(tokens[role]) } });
  const placed = async (url: string, body: unknown) => {
    const response = await send('POST', url, 'agent', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string };
  };
  const mvr = () => placed('/api/v1/orders/create-mvr-order', {
    driver: { firstName: 'Ada', lastName: 'Quill', dateOfBirth: '1985-02-03', licenceNumber: `D${licence++}0`, licenceState: 'CA' },
    permissiblePurpose: 'WRITTEN_CONSENT',
  });
  const completed = async (order: { id: string }) => {
    await fulfilOrder(t.db, { id: order.id, companyId: seeded.acme.id });
    return order;
  };
  const eventsOf = async (id: string) => t.db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(orderEvents.createdAt, orderEvents.id);
  const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const actionUrl = (id: string, step = '') => `/api/v1/orders/${id}/adverse-action${step}`;
  const notice = { deliveryMethod: 'MAIL', reportCopySent: true, summaryOfRightsSent: true, notes: 'Sent to the address on the application' };
  /** The waiting period as if the notice had been given long ago. */
  const waitingOver = async (id: string) =>
    t.db.update(orderAdverseActions).set({ finalNoticeAllowedOn: '2000-01-03' }).where(and(eq(orderAdverseActions.companyId, seeded.acme.id), eq(orderAdverseActions.orderId, id)));

  // --- the sub-status list ---

  it('GET /company/me/sub-statuses answers the defaults until saved; PUT saves the list in its order', async () => {
    expect((await send('GET', '/api/v1/company/me/sub-statuses', 'viewer')).json()).toEqual({ subStatuses: [...DEFAULT_SUB_STATUSES] });
    const saved = await send('PUT', '/api/v1/company/me/sub-statuses', 'manager', { subStatuses: [' Under review', 'Waiting for consent', 'Cleared', 'Adverse action started'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ subStatuses: ['Under review', 'Waiting for consent', 'Cleared', 'Adverse action started'] });
    expect((await send('GET', '/api/v1/company/me/sub-statuses', 'agent')).json().subStatuses).toContain('Waiting for consent');
    // Another company keeps its own (default) list.
    expect((await send('GET', '/api/v1/company/me/sub-statuses', 'globexAdmin')).json()).toEqual({ subStatuses: [...DEFAULT_SUB_STATUSES] });
  });

  it('PATCH /orders/{id}/status picks from the saved list; an order keeps a value the list no longer names', async () => {
    const order = await mvr();
    const url = `/api/v1/orders/${order.id}/status`;
    expect((await send('PATCH', url, 'manager', { subStatus: 'waiting for consent' })).json().subStatus).toBe('Waiting for consent');
    const unlisted = expectProblem(await send('PATCH', url, 'manager', { subStatus: 'Escalated' }), 400, 'ValidationError');
    expect(errorPaths(unlisted)).toEqual(['body.subStatus']);
    await send('PUT', '/api/v1/company/me/sub-statuses', 'admin', { subStatuses: [...DEFAULT_SUB_STATUSES] });
    const read = await send('GET', `/api/v1/orders/${order.id}`, 'viewer');
    expect(read.statusCode).toBe(200);
    expect(read.json().subStatus).toBe('Waiting for consent');
  });

  it('PUT /company/me/sub-statuses: bad lists are 400 naming the entry; Agents and Viewers 403; nothing changes', async () => {
    const url = '/api/v1/company/me/sub-statuses';
    const before = (await send('GET', url, 'agent')).json();
    expect(errorPaths(expectProblem(await send('PUT', url, 'manager', { subStatuses: [] }), 400))).toEqual(['body.subStatuses']);
    expect(errorPaths(expectProblem(await send('PUT', url, 'manager', { subStatuses: ['Cleared', ' '] }), 400))).toEqual(['body.subStatuses.1']);
    expect(errorPaths(expectProblem(await send('PUT', url, 'manager', { subStatuses: ['Cleared', 'x'.repeat(61)] }), 400))).toEqual(['body.subStatuses.1']);
    const repeated = expectProblem(await send('PUT', url, 'manager', { subStatuses: ['Cleared', 'Escalated', 'cleared'] }), 400);
    expect(repeated.errors).toEqual([{ path: 'body.subStatuses.2', message: 'repeats "cleared"' }]);
    expect(errorPaths(expectProblem(await send('PUT', url, 'manager', { subStatuses: Array.from({ length: 21 }, (_, i) => `S${i}`) }), 400))).toEqual(['body.subStatuses']);
    for (const role of ['agent', 'viewer'] as const) expectProblem(await send('PUT', url, role, { subStatuses: ['Mine'] }), 403, 'Forbidden');
    expect((await send('GET', url, 'agent')).json()).toEqual(before);
  });

  // --- adverse action ---

  it('a Manager gives the pre-adverse notice, waits, and gives the final notice: each step dated in the timeline, the sub-status follows', async () => {
    const order = await completed(await mvr());
    expect((await send('GET', actionUrl(order.id), 'viewer')).json()).toMatchObject({ status: 'NOT_STARTED', preAdverseNoticeAt: null, waitingBusinessDays: 5 });

    const started = await send('POST', actionUrl(order.id, '/pre-adverse-notice'), 'manager', notice);
    expect(started.statusCode, started.body).toBe(200);
    const today = new Date();
    expect(started.json()).toMatchObject({
      status: 'PRE_ADVERSE_NOTICE_SENT', preAdverseDeliveryMethod: 'MAIL', finalNoticeAllowedOn: finalNoticeAllowedOn(today), finalNoticeAt: null,
    });
    expect(await orderRow(order.id)).toMatchObject({ subStatus: 'Adverse action started', changeNotes: 'Sent to the address on the application' });

    // Too early: 409 naming the first day the final notice can be given; nothing written.
    const early = expectProblem(await send('POST', actionUrl(order.id, '/final-notice'), 'manager', { deliveryMethod: 'EMAIL' }), 409, 'WaitingPeriodNotOver');
    expect(early.detail).toContain(`can be given from ${finalNoticeAllowedOn(today)}`);
    // Started once only.
    expectProblem(await send('POST', actionUrl(order.id, '/pre-adverse-notice'), 'admin', notice), 409, 'AdverseActionStarted');

    await waitingOver(order.id);
    const final = await send('POST', actionUrl(order.id, '/final-notice'), 'manager', { deliveryMethod: 'EMAIL' });
    expect(final.statusCode, final.body).toBe(200);
    expect(final.json()).toMatchObject({ status: 'FINAL_NOTICE_SENT', finalDeliveryMethod: 'EMAIL', finalNoticeAt: expect.any(String) });
    expect((await orderRow(order.id)).subStatus).toBe('Adverse action taken');

    const steps = (await eventsOf(order.id)).filter((event) => event.type.startsWith('ADVERSE_ACTION'));
    expect(steps.map((event) => event.type)).toEqual(['ADVERSE_ACTION_PRE_NOTICE', 'ADVERSE_ACTION_FINAL_NOTICE']);
    expect(steps[0]).toMatchObject({ actorId: seeded.users.manager.userId, data: expect.objectContaining({ reportCopySent: true, summaryOfRightsSent: true, deliveryMethod: 'MAIL' }) });
    // The events are dated (createdAt); their words say who gave the notice, how and what went with it.
    expect(steps[0]!.message).toContain('Given by mail by Max Manager, with a copy of the motor vehicle record');
    expect(steps[0]!.message).toContain(`The final notice can be given from ${finalNoticeAllowedOn(today)}`);
    expect(steps[0]!.message).toContain('"A Summary of Your Rights Under the FCRA"');
    expect(steps[1]!.message).toMatch(/^Given by email by .+\. Sub-status set to "Adverse action taken"\.$/);
    // Over: neither another final notice, nor a cancellation, nor a new start.
    expectProblem(await send('POST', actionUrl(order.id, '/final-notice'), 'manager', { deliveryMethod: 'EMAIL' }), 409, 'AdverseActionTaken');
    expectProblem(await send('POST', actionUrl(order.id, '/cancel'), 'manager', {}), 409, 'AdverseActionTaken');
    expectProblem(await send('POST', actionUrl(order.id, '/pre-adverse-notice'), 'manager', notice), 409, 'AdverseActionTaken');
  });

  it('a cancelled adverse action clears the subject and may be started again', async () => {
    const order = await completed(await mvr());
    expectProblem(await send('POST', actionUrl(order.id, '/cancel'), 'manager', {}), 409, 'AdverseActionNotStarted');
    expectProblem(await send('POST', actionUrl(order.id, '/final-notice'), 'manager', { deliveryMethod: 'MAIL' }), 409, 'AdverseActionNotStarted');
    await send('POST', actionUrl(order.id, '/pre-adverse-notice'), 'manager', notice);
    const cancelled = await send('POST', actionUrl(order.id, '/cancel'), 'admin', { notes: 'The driver showed the conviction was overturned' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', cancelledAt: expect.any(String) });
    expect(await orderRow(order.id)).toMatchObject({ subStatus: 'Cleared', changeNotes: 'The driver showed the conviction was overturned' });
    const again = await send('POST', actionUrl(order.id, '/pre-adverse-notice'), 'manager', { ...notice, deliveryMethod: 'IN_PERSON' });
    expect(again.json()).toMatchObject({ status: 'PRE_ADVERSE_NOTICE_SENT', preAdverseDeliveryMethod: 'IN_PERSON', cancelledAt: null });
    expect((await eventsOf(order.id)).filter((e) => e.type.startsWith('ADVERSE_ACTION')).map((e) => e.type))
      .toEqual(['ADVERSE_ACTION_PRE_NOTICE', 'ADVERSE_ACTION_CANCELLED', 'ADVERSE_ACTION_PRE_NOTICE']);
  });

  it('refuses an order that is not a completed consumer report on a person (409), and bad bodies (400 naming the field)', async () => {
    const pending = await mvr();
    expectProblem(await send('POST', actionUrl(pending.id, '/pre-adverse-notice'), 'manager', notice), 409, 'ReportNotReady');
    const vin = await completed(await placed('/api/v1/orders/vehicle/order', { vin: VIN }));
    const wrongType = expectProblem(await send('POST', actionUrl(vin.id, '/pre-adverse-notice'), 'manager', notice), 409, 'WrongOrderType');
    expect(wrongType.detail).toContain('a vehicle report');

    const order = await completed(await mvr());
    const url = actionUrl(order.id, '/pre-adverse-notice');
    expect(errorPaths(expectProblem(await send('POST', url, 'manager', { ...notice, reportCopySent: false }), 400))).toEqual(['body.reportCopySent']);
    expect(errorPaths(expectProblem(await send('POST', url, 'manager', { deliveryMethod: 'MAIL', reportCopySent: true }), 400))).toEqual(['body.summaryOfRightsSent']);
    expect(errorPaths(expectProblem(await send('POST', url, 'manager', { ...notice, deliveryMethod: 'PIGEON' }), 400))).toEqual(['body.deliveryMethod']);
    expect((await eventsOf(order.id)).some((e) => e.type.startsWith('ADVERSE_ACTION'))).toBe(false);
    expect((await eventsOf(pending.id)).some((e) => e.type.startsWith('ADVERSE_ACTION'))).toBe(false);
  });

  it('Agents and Viewers may read but not act (403); another company gets 404 and nothing changes', async () => {
    const order = await completed(await mvr());
    for (const role of ['agent', 'viewer'] as const) {
      expect((await send('GET', actionUrl(order.id), role)).statusCode).toBe(200);
      expectProblem(await send('POST', actionUrl(order.id, '/pre-adverse-notice'), role, notice), 403, 'Forbidden');
    }
    expectProblem(await send('GET', actionUrl(order.id), 'globexAdmin'), 404, 'NotFound');
    for (const step of ['/pre-adverse-notice', '/final-notice', '/cancel']) {
      expectProblem(await send('POST', actionUrl(order.id, step), 'globexAdmin', { ...notice }), 404, 'NotFound');
    }
    expect((await send('GET', actionUrl(order.id), 'manager')).json().status).toBe('NOT_STARTED');
    expect((await orderRow(order.id)).subStatus).toBeNull();
  });
}, {}, { queue: true });
