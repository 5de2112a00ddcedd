// The providers' ledger kept in the database (provider_requests), so it survives restarts and is
// shared by every worker process: each idempotency key (an order id) with how often it was answered.
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { providerRequests } from '../db/schema.ts';
import type { ProviderLedger } from './sandbox-shared.ts';

interface WaitingCall {
  key: string;
  resolve: (calls: number) => void;
  reject: (error: unknown) => void;
}

export class DatabaseLedger implements ProviderLedger {
  private waiting: WaitingCall[] = [];

  constructor(private readonly db: Executor, private readonly provider: string) {}

  /**
   * Calls made together are written in one statement: a fulfilment batch asks the provider for 50
   * orders at once (orders.jobs.ts), and one statement per call was most of the batch's SQL. Each
   * call still answers its own count, after the statement that records it has committed.
   */
  record(idempotencyKey: string): Promise<number> {
    return new Promise((resolve, reject) => {
      if (this.waiting.length === 0) setImmediate(() => void this.writeWaiting());
      this.waiting.push({ key: idempotencyKey, resolve, reject });
    });
  }

  private async writeWaiting() {
    const calls = this.waiting;
    this.waiting = [];
    // A key asked twice in one statement is one row counted twice (ON CONFLICT may touch a row once).
    const timesAsked = new Map<string, number>();
    for (const { key } of calls) timesAsked.set(key, (timesAsked.get(key) ?? 0) + 1);
    try {
      const result = await this.db.execute(sql`
        insert into ${providerRequests} (idempotency_key, provider, calls)
        select r.key, ${this.provider}, r.times from json_to_recordset(${JSON.stringify([...timesAsked].map(([key, times]) => ({ key, times })))}::json) as r(key text, times int)
        on conflict (idempotency_key) do update set calls = ${providerRequests}.calls + excluded.calls, last_at = now()
        returning idempotency_key as key, calls`);
      const totals = new Map((result as unknown as { rows: { key: string; calls: number }[] }).rows.map((row) => [row.key, Number(row.calls)]));
      const counted = new Map<string, number>();
      for (const call of calls) {
        const before = counted.get(call.key) ?? 0;
        counted.set(call.key, before + 1);
        call.resolve(totals.get(call.key)! - timesAsked.get(call.key)! + before + 1);
      }
    } catch (error) {
      for (const call of calls) call.reject(error);
    }
  }

  /** How many times a key was answered (0 when never). */
  async calls(idempotencyKey: string): Promise<number> {
    const rows = await this.db.select({ calls: providerRequests.calls }).from(providerRequests).where(sql`${providerRequests.idempotencyKey} = ${idempotencyKey}`);
    return rows[0]?.calls ?? 0;
  }
}
