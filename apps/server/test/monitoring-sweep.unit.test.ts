// The sweep's pure parts: the interval setting, its schedule, and the reminder thresholds.
import { PgBoss } from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/config.ts';
import { sweepRecurrence } from '../src/modules/monitoring/monitoring-engine.jobs.ts';
import { reminderThreshold } from '../src/modules/monitoring/sweep.ts';

describe('MONITORING_SWEEP_INTERVAL_SECONDS', () => {
  it('is an hour by default and reads whole seconds from a minute to a week', () => {
    expect(loadConfig({}).MONITORING_SWEEP_INTERVAL_SECONDS).toBe(3600);
    expect(loadConfig({ MONITORING_SWEEP_INTERVAL_SECONDS: '300' }).MONITORING_SWEEP_INTERVAL_SECONDS).toBe(300);
  });

  it('refuses intervals under a minute (pg-boss sends at most one scheduled job a minute), over a week, or not whole', () => {
    for (const bad of ['30', '604801', '90.5', 'hourly']) {
      expect(() => loadConfig({ MONITORING_SWEEP_INTERVAL_SECONDS: bad, PORT: 'eighty' }), bad).toThrow(ConfigError);
      try {
        loadConfig({ MONITORING_SWEEP_INTERVAL_SECONDS: bad, PORT: 'eighty' });
      } catch (error) {
        expect((error as ConfigError).problems.map((problem) => problem.split(':')[0]).sort()).toEqual(['MONITORING_SWEEP_INTERVAL_SECONDS', 'PORT']);
      }
    }
  });

  it('becomes a recurrence every that many seconds from the epoch', () => {
    const boss = new PgBoss({ connectionString: 'postgres://unused.invalid/x' });
    const hourly = boss.previewSchedule(sweepRecurrence(3600), { count: 2 } as never);
    expect(hourly.map((date) => date.getUTCMinutes() + date.getUTCSeconds())).toEqual([0, 0]);
    expect(hourly[1]!.getTime() - hourly[0]!.getTime()).toBe(3_600_000);
    const [first, second] = boss.previewSchedule(sweepRecurrence(90), { count: 2 } as never);
    expect(second!.getTime() - first!.getTime()).toBe(90_000);
  });
});

describe('reminderThreshold', () => {
  it('answers the nearest threshold reached: 90, 60, 30 days, expired, or none yet', () => {
    expect([120, 91, 90, 61, 60, 31, 30, 0, -1].map(reminderThreshold)).toEqual([null, null, 90, 90, 60, 60, 30, 30, 'expired']);
  });
});
