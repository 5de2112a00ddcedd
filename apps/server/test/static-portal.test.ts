// The built portal: hashed assets cached forever, index.html and the build manifest never, client
// routes fall back to index.html, API and asset misses stay JSON 404s.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectProblem, get, type TestApp } from './helpers.ts';

describe('static portal', () => {
  let dir: string;
  let t: TestApp;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'clearlane-portal-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, 'builds', 'meta'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Clearlane</title><div id="root"></div>');
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(dir, 'builds', 'latest.json'), JSON.stringify({ id: 'build-42' }));
    writeFileSync(join(dir, 'builds', 'meta', 'build-42.json'), JSON.stringify({ id: 'build-42' }));
    t = await createTestApp('pglite', { STATIC_DIR: dir });
  });

  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves index.html for client routes, never cached', async () => {
    for (const path of ['/', '/login', '/orders/5', '/users/add-user']) {
      const response = await get(t.app, path);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('caches hashed assets forever and the build manifest never', async () => {
    const asset = await get(t.app, '/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const manifest = await get(t.app, '/builds/meta/build-42.json');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('answers missing assets, manifests and API paths with a JSON 404, not index.html', async () => {
    for (const path of ['/assets/missing-1.js', '/builds/meta/old.json', '/favicon.png', '/api/v1/missing', '/hub/missing']) {
      expectProblem(await get(t.app, path), 404, 'NotFound');
    }
  });

  it('reports the build id in the public config', async () => {
    expect((await get(t.app, '/api/v1/public/config')).json().buildId).toBe('build-42');
  });
});
