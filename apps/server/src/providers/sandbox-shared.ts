// What every sandbox provider shares: a scenario picked by the last digit of an identifier,
// dates relative to the request, the ledger of answered idempotency keys and a slow answer.
import { ProviderError } from './provider-error.ts';

export const DAY_MS = 86_400_000;
export const isoDate = (date: Date) => date.toISOString().slice(0, 10);
export const daysAgo = (from: Date, days: number) => isoDate(new Date(from.getTime() - days * DAY_MS));

export function lastDigit(value: string): string {
  return value.replace(/\D/g, '').at(-1) ?? '0';
}

/** Remembers which idempotency keys a provider has answered, i.e. what it would bill. */
export interface ProviderLedger {
  /** Records a call; returns how many times this key has been seen, this call included. */
  record(idempotencyKey: string): Promise<number>;
}

export class InMemoryLedger implements ProviderLedger {
  readonly calls = new Map<string, number>();
  async record(key: string) {
    const count = (this.calls.get(key) ?? 0) + 1;
    this.calls.set(key, count);
    return count;
  }
}

export interface SandboxOptions {
  slowAnswerMs?: number;
  ledger?: ProviderLedger;
  sleep?: (ms: number) => Promise<void>;
}

/** The common frame: digit 8 is a transient provider error, digit 9 a slow answer. */
export class SandboxBase {
  protected readonly slowAnswerMs: number;
  protected readonly ledger: ProviderLedger;
  protected readonly sleep: (ms: number) => Promise<void>;

  constructor(options: SandboxOptions = {}) {
    this.slowAnswerMs = options.slowAnswerMs ?? 4_000;
    this.ledger = options.ledger ?? new InMemoryLedger();
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  protected async answer<T>(digit: string, idempotencyKey: string, what: string, build: () => T): Promise<T> {
    if (digit === '8') throw new ProviderError(`The ${what} provider did not answer (sandbox provider error).`, true, 'GATEWAY_TIMEOUT');
    await this.ledger.record(idempotencyKey);
    if (digit === '9') await this.sleep(this.slowAnswerMs);
    return build();
  }
}

export const providerReference = (prefix: string, key: string) => `SBX-${prefix}-${key.replace(/[^a-zA-Z0-9]/g, '').slice(-10).toUpperCase()}`;
