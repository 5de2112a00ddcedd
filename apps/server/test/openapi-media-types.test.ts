// The OpenAPI document lists every media type a route can answer (http/media-types.ts): a client
// generated from it must know that a report can be asked for as a PDF, a report as CSV, a bundle's
// file as a zip.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: { type?: string; format?: string; properties?: object } }> }> }>>;

beforeAll(async () => {
  t = await createTestApp('pglite');
  paths = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
});
afterAll(() => t.close());

const okContent = (path: string) => paths[path]!.get!.responses['200']!.content!;

it('report routes answer JSON or a PDF, and say so', () => {
  for (const kind of ['violation', 'vehicle', 'irr', 'bra']) {
    const content = okContent(`/api/v1/orders/{id}/${kind}/report`);
    expect(Object.keys(content).sort(), kind).toEqual(['application/json', 'application/pdf']);
    expect(content['application/json']!.schema.properties, kind).toBeDefined();
    expect(content['application/pdf']!.schema).toEqual({ type: 'string', format: 'binary' });
  }
  const snapshot = okContent('/api/v1/claims/{id}/snapshots/{snapshotId}');
  expect(Object.keys(snapshot).sort()).toEqual(['application/json', 'application/pdf']);
});

it('the MVR report lists its three answers, the JSON-shaped one with its schema', () => {
  const content = okContent('/api/v1/orders/{id}/mvr/report');
  expect(Object.keys(content).sort()).toEqual(['application/pdf', 'application/pdf+text', 'text/plain']);
  expect(content['application/pdf+text']!.schema.properties).toHaveProperty('pdf');
  expect(content['text/plain']!.schema).toEqual({ type: 'string' });
});

it('files without a JSON answer are documented by their media types', () => {
  expect(Object.keys(okContent('/api/v1/orders/download/{id}/file')).sort()).toEqual(['application/pdf', 'application/zip', 'text/plain']);
  expect(Object.keys(okContent('/api/v1/orders/bulk/template')).sort()).toEqual(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv']);
  expect(Object.keys(okContent('/api/v1/scores/dot/quality/report')).sort()).toEqual(['application/json', 'text/csv']);
});

it('errors stay problem documents', () => {
  const responses = paths['/api/v1/orders/{id}/vehicle/report']!.get!.responses;
  expect(Object.keys(responses['404']!.content!)).toEqual(['application/problem+json']);
});
