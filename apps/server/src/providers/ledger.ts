// The providers' ledger kept in the database (provider_requests), so it survives restarts and is
// shared by every worker process: each idempotency key (an order id) with how often it was answered.
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { providerRequests } from '../db/schema.ts';
import type { ProviderLedger } from './sandbox-shared.ts';

export class DatabaseLedger implements ProviderLedger {
  constructor(private readonly db: Executor, private readonly provider: string) {}

  async record(idempotencyKey: string): Promise<number> {
    const [row] = await this.db
      .insert(providerRequests)
      .values({ idempotencyKey, provider: this.provider })
      .onConflictDoUpdate({ target: providerRequests.idempotencyKey, set: { calls: sql`${providerRequests.calls} + 1`, lastAt: sql`now()` } })
      .returning({ calls: providerRequests.calls });
    return row?.calls ?? 1;
  }

  /** How many times a key was answered (0 when never). */
  async calls(idempotencyKey: string): Promise<number> {
    const rows = await this.db.select({ calls: providerRequests.calls }).from(providerRequests).where(sql`${providerRequests.idempotencyKey} = ${idempotencyKey}`);
    return rows[0]?.calls ?? 0;
  }
}
