// /api/v1/tags: every tag of my company, the visible ones, and defining one; plus upsertTags, the
// repository function orders use to tag.
import { beforeAll, expect, it } from 'vitest';
import { GLOBEX_HOST, bearer, describeEachDatabase, errorPaths, expectProblem, get, post, seedTwoCompanies, signInAs } from './helpers.ts';
import { listCompanyTags, upsertTags } from '../src/modules/tags/tags.repository.ts';

type Role = 'admin' | 'manager' | 'agent' | 'viewer' | 'globexAdmin';

describeEachDatabase('tags', (t) => {
  let seeded: Awaited<ReturnType<typeof seedTwoCompanies>>;
  const tokens = {} as Record<Role, string>;

  beforeAll(async () => {
    seeded = await seedTwoCompanies(t.db);
    for (const key of Object.keys(seeded.users) as Role[]) {
      tokens[key] = (await signInAs(t.app, seeded.users[key].email, undefined, key === 'globexAdmin' ? GLOBEX_HOST : undefined)).idToken;
    }
  });

  const create = (body: Record<string, unknown>, role: Role = 'manager') =>
    post(t.app, '/api/v1/tags', body, { headers: { ...bearer(tokens[role]), ...(role === 'globexAdmin' ? { host: GLOBEX_HOST } : {}) } });
  const namesOf = async (path: string, role: Role = 'viewer') =>
    (await get(t.app, path, tokens[role], role === 'globexAdmin' ? GLOBEX_HOST : undefined)).json().map((tag: { name: string }) => tag.name);

  it('POST /tags defines a tag; GET /tags lists all of them and /tags/visible the visible ones, by name', async () => {
    const response = await create({ name: ' Urgent ', color: 'red' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ name: 'Urgent', color: 'red', visible: true });
    expect((await create({ name: 'Archived', visible: false })).json()).toEqual({ name: 'Archived', color: 'gray', visible: false });
    const all = await get(t.app, '/api/v1/tags', tokens.viewer);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual([{ name: 'Archived', color: 'gray', visible: false }, { name: 'Urgent', color: 'red', visible: true }]);
    expect(await namesOf('/api/v1/tags/visible')).toEqual(['Urgent']);
  });

  it('POST /tags refuses a name my company already has, and bad input by field', async () => {
    await create({ name: 'Fleet A' });
    expect(errorPaths(expectProblem(await create({ name: 'Fleet A' }), 409, 'TagAlreadyExists'))).toEqual(['body.name']);
    const problem = expectProblem(await create({ name: '', color: 'chartreuse', visible: 'yes' }), 400, 'ValidationError');
    expect(errorPaths(problem).sort()).toEqual(['body.color', 'body.name', 'body.visible']);
    expect(errorPaths(expectProblem(await create({ name: 'x'.repeat(41) }), 400))).toEqual(['body.name']);
  });

  it('tags are per company: Globex sees none of mine and may reuse a name', async () => {
    await create({ name: 'Acme only' });
    expect(await namesOf('/api/v1/tags', 'globexAdmin')).not.toContain('Acme only');
    expect((await create({ name: 'Acme only' }, 'globexAdmin')).statusCode).toBe(201);
    expect(await namesOf('/api/v1/tags')).toContain('Acme only');
    expect((await listCompanyTags(t.db, seeded.globex.id)).map((tag) => tag.name)).toEqual(['Acme only']);
  });

  it('roles: every role may read tags; only managers of orders may define them', async () => {
    for (const role of ['viewer', 'agent', 'manager', 'admin'] as const) expect((await get(t.app, '/api/v1/tags', tokens[role])).statusCode).toBe(200);
    expectProblem(await create({ name: 'By viewer' }, 'viewer'), 403, 'Forbidden');
    expectProblem(await create({ name: 'By agent' }, 'agent'), 403, 'Forbidden');
    expect((await create({ name: 'By admin' }, 'admin')).statusCode).toBe(201);
    expect(await namesOf('/api/v1/tags')).not.toEqual(expect.arrayContaining(['By viewer']));
    expect(await namesOf('/api/v1/tags')).not.toContain('By agent');
  });

  it('the tag calls need a token', async () => {
    expectProblem(await get(t.app, '/api/v1/tags'), 401, 'UserUnAuthenticatedException');
    expectProblem(await get(t.app, '/api/v1/tags/visible'), 401, 'UserUnAuthenticatedException');
    expectProblem(await post(t.app, '/api/v1/tags', { name: 'Anonymous' }), 401, 'UserUnAuthenticatedException');
  });

  it('upsertTags adds the missing tags of one company, keeps existing ones as they are, and answers them all', async () => {
    await create({ name: 'Hidden upsert', visible: false, color: 'blue' });
    const tags = await upsertTags(t.db, seeded.acme.id, ['New upsert', 'Hidden upsert', 'New upsert']);
    expect(tags).toEqual([
      { name: 'Hidden upsert', color: 'blue', visible: false },
      { name: 'New upsert', color: 'gray', visible: true },
    ]);
    expect(await upsertTags(t.db, seeded.acme.id, [])).toEqual([]);
    expect(await namesOf('/api/v1/tags', 'globexAdmin')).not.toContain('New upsert');
  });
});
