// The benchmarks' throwaway PostgreSQL databases: the crash tests' helper, named clearlane_bench_<label>_<pid>.
import { createThrowawayDatabase as createDatabase, type ThrowawayDatabase } from '../../apps/server/test/throwaway-database.ts';

export type { ThrowawayDatabase };

export const createThrowawayDatabase = (adminUrl: string, label: string): Promise<ThrowawayDatabase> => createDatabase(adminUrl, `bench_${label}`);
