// A PostgreSQL database of a crash test's or a benchmark's own, created on the server DATABASE_URL
// names and dropped afterwards (forced: a run that failed half-way may leave connections behind).
import pg from 'pg';

export interface ThrowawayDatabase {
  url: string;
  drop(): Promise<void>;
}

/** `label` names the test or benchmark in the database's name, so a database left behind says whose it is. */
export async function createThrowawayDatabase(adminUrl: string, label: string): Promise<ThrowawayDatabase> {
  const name = `clearlane_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
