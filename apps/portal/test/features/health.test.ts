// The health fetcher reads the Health document of a 503 too (the page shows which part is down).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getHealth } from '../../src/features/health/api/get-health.ts';
import { formatUptime } from '../../src/features/health/components/health-page.tsx';
import { ApiError, NetworkError } from '../../src/lib/api-error.ts';

const down = {
  status: 'down',
  version: '1.2.3',
  uptimeSeconds: 42,
  components: { api: { status: 'up' }, database: { status: 'down', detail: 'connection refused' }, queue: { status: 'up', latencyMs: 2 } },
};

function answer(status: number, body: unknown, type = 'application/json') {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': type } })));
}

afterEach(() => vi.unstubAllGlobals());

describe('getHealth', () => {
  it('returns the body of a 503 with its status', async () => {
    answer(503, down);
    const report = await getHealth();
    expect(report.httpStatus).toBe(503);
    expect(report.health.components.database).toEqual({ status: 'down', detail: 'connection refused' });
    expect(report.roundTripMs).toBeGreaterThanOrEqual(0);
  });

  it('returns a 200 as it is', async () => {
    answer(200, { ...down, status: 'up' });
    expect((await getHealth()).health.status).toBe('up');
  });

  it('turns other statuses into an ApiError and no answer into a NetworkError', async () => {
    answer(500, { title: 'Internal Server Error', status: 500, code: 'InternalError', detail: 'Boom' }, 'application/problem+json');
    await expect(getHealth()).rejects.toBeInstanceOf(ApiError);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(getHealth()).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('formatUptime', () => {
  it('reads like a person would say it', () => {
    expect(formatUptime(42)).toBe('42 s');
    expect(formatUptime(125)).toBe('2 min');
    expect(formatUptime(3 * 3600 + 5 * 60)).toBe('3 h 5 min');
    expect(formatUptime(2 * 86_400 + 4 * 3600)).toBe('2 d 4 h');
  });
});
