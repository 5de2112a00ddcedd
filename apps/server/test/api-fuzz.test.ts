// A generated fuzzer over the OpenAPI document (issue 8): every operation, as a signed-in Company Admin
// of a company with every plugin, receives plausible requests with exactly one thing made wrong
// (test/fuzz/openapi-fuzz.ts). It fails on any 5xx, on any 4xx that is not application/problem+json,
// and on an invalid request (by the schema) that is accepted or answered without naming the bad field
// in errors[].path.
//
// Seeded and bounded: FUZZ_RUNS requests per operation (default 25) from FUZZ_SEED (default fixed, so
// CI is repeatable). A failure prints the seed and the operation's own seed; to reproduce or explore:
//   FUZZ_SEED=123 FUZZ_RUNS=200 npx vitest run --config apps/server/vitest.config.ts test/api-fuzz.test.ts
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { ACME_HOST, bearer, describeEachDatabase, newCompany, newUser, signInAs } from './helpers.ts';
import {
  acceptablePaths, fieldLocations, mutationsFor, namesOneOf, operationsOf, plausible, takesText, typeOf, withField,
  type FuzzFixtures, type OpenApiDocument, type Operation,
} from './fuzz/openapi-fuzz.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** One wrong thing, by name; its value is made in the property, so a failure prints small. */
type Target =
  | { where: 'body'; location: number; kind: string }
  | { where: 'query' | 'path'; name: string; kind: string }
  | { where: 'request'; kind: string };

interface Generated { body: unknown; query: Record<string, unknown>; params: Record<string, unknown>; target: Target }

interface BuiltRequest {
  inject: InjectOptions & { url: string };
  /** The schema says this request is wrong: it must be a 4xx naming one of `names`. */
  invalid: boolean;
  names: string[];
}

const QUERY_KINDS = ['badEnum', 'wrongType', 'huge', 'nul', 'repeated', 'badUuid'] as const;
const PATH_KINDS = ['badUuid', 'nul', 'long', 'badEscape'] as const;
const REQUEST_KINDS = ['invalidJson', 'emptyJson', 'nullBody', 'arrayBody', 'textPlain', 'xml', 'multipartNoBoundary', 'multipartCut'] as const;

function targetsOf(operation: Operation): Target[] {
  const targets: Target[] = [{ where: 'request', kind: 'plausible' }]; // nothing made wrong: still never a 5xx
  if (operation.body) {
    fieldLocations(operation.body).forEach((location, index) => {
      for (const mutation of mutationsFor(location)) targets.push({ where: 'body', location: index, kind: mutation.kind });
    });
  }
  for (const parameter of operation.queryParams) {
    const schema = parameter.schema ?? {};
    for (const kind of QUERY_KINDS) {
      if (kind === 'badEnum' && !schema.enum) continue;
      if (kind === 'badUuid' && schema.format !== 'uuid') continue;
      targets.push({ where: 'query', name: parameter.name, kind });
    }
  }
  for (const parameter of operation.pathParams) {
    for (const kind of PATH_KINDS) {
      if (kind === 'badUuid' && parameter.schema?.format !== 'uuid') continue;
      targets.push({ where: 'path', name: parameter.name, kind });
    }
  }
  if (BODY_METHODS.has(operation.method)) for (const kind of REQUEST_KINDS) targets.push({ where: 'request', kind });
  return targets;
}

function generatedRequests(operation: Operation, fixtures: FuzzFixtures): fc.Arbitrary<Generated> {
  const parameters = (list: Operation['queryParams']) => fc.record(
    Object.fromEntries(list.map((parameter) => [parameter.name, plausible(parameter.schema ?? {}, parameter.name, operation.path, fixtures)])),
    { requiredKeys: list.filter((parameter) => parameter.required).map((parameter) => parameter.name) },
  );
  return fc.record({
    body: operation.body ? plausible(operation.body, 'body', operation.path, fixtures) : fc.constant(undefined),
    query: parameters(operation.queryParams),
    params: parameters(operation.pathParams),
    target: fc.constantFrom(...targetsOf(operation)),
  });
}

const MULTIPART_CUT = '--fuzz\r\nContent-Disposition: form-data; name="file"; filename="orders.csv"\r\nContent-Type: text/csv\r\n\r\nFirst name,Last name\r\nDa';

/** The request the generated value describes, and what the answer must say. */
function buildRequest(operation: Operation, generated: Generated): BuiltRequest {
  const { target } = generated;
  let body = generated.body;
  let payload: string | undefined;
  let contentType: string | undefined = operation.body ? 'application/json' : undefined;
  let invalid = false;
  let names: string[] = [];

  const params: Record<string, string> = Object.fromEntries(Object.entries(generated.params).map(([name, value]) => [name, encodeURIComponent(String(value))]));
  const query: [string, string][] = Object.entries(generated.query).map(([name, value]) => [name, encodeURIComponent(String(value))]);

  if (target.where === 'body') {
    const location = fieldLocations(operation.body!)[target.location]!;
    const mutation = mutationsFor(location).find((candidate) => candidate.kind === target.kind)!;
    body = withField(body, location.keys, mutation);
    invalid = mutation.invalid;
    names = acceptablePaths('body', location.keys, location.unionDepth);
  } else if (target.where === 'query') {
    const schema = operation.queryParams.find((parameter) => parameter.name === target.name)!.schema ?? {};
    const set = (value: string) => {
      const kept = query.filter(([name]) => name !== target.name);
      query.length = 0;
      query.push(...kept, [target.name, value]);
    };
    names = [`query.${target.name}`];
    switch (target.kind) {
      case 'badEnum': set('NOT_ONE_OF_THEM'); invalid = true; break;
      case 'wrongType': set('abc'); invalid = !takesText(schema, 'abc'); break;
      case 'huge': set('x'.repeat(5000)); invalid = !takesText(schema, 'x'.repeat(5000)); break;
      case 'nul': set('a%00b'); invalid = true; break;
      case 'badUuid': set('not-a-uuid'); invalid = true; break;
      case 'repeated': set('1'); query.push([target.name, '2']); invalid = !typeOf(schema).has('array'); break;
    }
  } else if (target.where === 'path') {
    names = [`params.${target.name}`, 'params'];
    invalid = true;
    params[target.name] = { badUuid: 'not-a-uuid', nul: 'a%00b', long: 'a'.repeat(150), badEscape: '%E0%A4%A' }[target.kind] ?? 'x';
  } else {
    names = ['body', 'headers.content-type'];
    const objectBody = operation.body !== undefined && !typeOf(operation.body).has('array');
    switch (target.kind) {
      case 'plausible': break;
      case 'invalidJson': payload = '{"broken": '; contentType = 'application/json'; invalid = true; break;
      case 'emptyJson': payload = ''; contentType = 'application/json'; invalid = operation.bodyRequired; break;
      case 'nullBody': payload = 'null'; contentType = 'application/json'; invalid = operation.bodyRequired; break;
      case 'arrayBody': payload = '[]'; contentType = 'application/json'; invalid = objectBody; break;
      case 'textPlain': payload = 'hello'; contentType = 'text/plain'; invalid = operation.bodyRequired; break;
      case 'xml': payload = '<order/>'; contentType = 'application/xml'; invalid = operation.body !== undefined; break;
      case 'multipartNoBoundary': payload = 'x'; contentType = 'multipart/form-data'; invalid = operation.body !== undefined; break;
      case 'multipartCut': payload = MULTIPART_CUT; contentType = 'multipart/form-data; boundary=fuzz'; invalid = operation.body !== undefined; break;
    }
  }

  const url = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => params[name] ?? 'x')
    + (query.length > 0 ? `?${query.map(([name, value]) => `${name}=${value}`).join('&')}` : '');
  if (payload === undefined && body !== undefined && BODY_METHODS.has(operation.method)) payload = JSON.stringify(body);
  return {
    inject: {
      method: operation.method as InjectOptions['method'], url,
      ...(payload !== undefined ? { payload } : {}),
      headers: { host: ACME_HOST, ...(payload !== undefined && contentType ? { 'content-type': contentType } : {}) },
    },
    invalid,
    names,
  };
}

function describeTarget(target: Target) {
  if (target.where === 'request') return `the whole body (${target.kind})`;
  if (target.where === 'body') return `a body field (${target.kind})`;
  return `${target.where} parameter ${target.name} (${target.kind})`;
}

/** Throws, saying what is wrong, unless the answer keeps the rules of the API. */
function checkAnswer(request: BuiltRequest, target: Target, response: LightMyRequestResponse) {
  const said = `${request.inject.method} ${request.inject.url.slice(0, 200)} with ${describeTarget(target)} answered ${response.statusCode} ${response.headers['content-type'] ?? ''}: ${response.body.slice(0, 400)}`;
  if (response.statusCode >= 500) throw new Error(`a 5xx — ${said}`);
  let problem: { status?: unknown; code?: unknown; errors?: { path: string }[] } | undefined;
  if (response.statusCode >= 400) {
    if (!/^application\/problem\+json/.test(String(response.headers['content-type']))) throw new Error(`a 4xx that is not application/problem+json — ${said}`);
    problem = response.json();
    if (problem?.status !== response.statusCode || typeof problem.code !== 'string') throw new Error(`a problem without its status or code — ${said}`);
  }
  if (!request.invalid) return;
  if (!problem) throw new Error(`an invalid request accepted (it should name ${request.names[0]}) — ${said}`);
  const paths = (problem.errors ?? []).map((error) => error.path);
  if (!namesOneOf(paths, request.names)) throw new Error(`a 4xx that does not name ${request.names.join(' or ')} (errors: ${JSON.stringify(paths)}) — ${said}`);
}

describeEachDatabase('the OpenAPI fuzzer', (t) => {
  it('answers every generated bad request to every operation with a 4xx problem naming the bad field, never a 5xx', async () => {
    // A company with every plugin, its admin, and one of each thing an operation can point at.
    await newCompany(t.db, 'acme', 'Acme Logistics');
    const admin = await newUser(t.db, { tenant: 'acme', role: 'Company Admin' });
    const manager = await newUser(t.db, { tenant: 'acme', role: 'Manager' });
    let tokens = await signInAs(t.app, admin.email);
    const send = async (inject: InjectOptions) => t.app.inject({ ...inject, headers: { ...inject.headers, ...bearer(tokens.idToken) } });
    const created = async (url: string, payload: unknown) => {
      const response = await send({ method: 'POST', url, payload: payload as InjectOptions['payload'], headers: { host: ACME_HOST } });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as string;
    };
    const driver = { firstName: 'Dana', lastName: 'Reyes', dateOfBirth: '1990-01-01', licenceState: 'CA', licenceNumber: 'D7654321' };
    const ids = {
      person: await created('/api/v1/person', driver),
      business: await created('/api/v1/businesses', { name: 'Road Co', ein: '12-3456780', state: 'TX', dotNumber: '1234567' }),
      order: await created('/api/v1/orders/create-mvr-order', { driver: { ...driver, licenceNumber: 'D1111111' }, permissiblePurpose: 'INSURANCE' }),
      user: manager.userId,
      claim: await created('/api/v1/claims', { formData: { policy: { policyNumber: 'FUZZ-1' } } }),
    };
    const fixtures: FuzzFixtures = {
      idFor(name, path) {
        if (name === 'personId') return ids.person;
        if (name === 'businessId') return ids.business;
        if (name === 'orderId') return ids.order;
        if (name !== 'id') return undefined;
        if (path.startsWith('/api/v1/person/')) return ids.person;
        if (path.startsWith('/api/v1/businesses/')) return ids.business;
        if (path.startsWith('/api/v1/orders/') || path.startsWith('/api/v1/reports/{id}')) return ids.order;
        if (path.startsWith('/api/v1/users/')) return ids.user;
        if (path.startsWith('/api/v1/claims/')) return ids.claim;
        return undefined;
      },
    };

    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDocument;
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const [index, operation] of operations.entries()) {
      const seed = SEED + index;
      const property = fc.asyncProperty(generatedRequests(operation, fixtures), async (generated) => {
        const request = buildRequest(operation, generated);
        let response = await send(request.inject);
        if (response.statusCode === 401 && operation.security) {
          // An earlier request may have signed this session out (POST /auth/sign-out): sign in again.
          tokens = await signInAs(t.app, admin.email);
          response = await send(request.inject);
        }
        checkAnswer(request, generated.target, response);
      });
      try {
        await fc.assert(property, { seed, numRuns: RUNS, endOnFailure: true });
      } catch (error) {
        failures.push(`${operation.method} ${operation.path} — reproduce with FUZZ_SEED=${SEED} (this operation's seed ${seed}):\n${String((error as Error).cause ?? '')}\n${(error as Error).message.slice(0, 1500)}`);
      }
    }
    if (failures.length > 0) console.error(`API fuzzer: ${failures.length} operation(s) failed with FUZZ_SEED=${SEED}\n\n${failures.join('\n\n')}`);
    expect(failures, `FUZZ_SEED=${SEED}`).toEqual([]);
  }, 600_000);
}, {}, { queue: true }); // orders are placed with their job

