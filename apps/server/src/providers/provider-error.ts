/** A provider failed. Transient failures (timeouts, 5xx, throttling) are retried; others end the order. */
export class ProviderError extends Error {
  constructor(message: string, public readonly transient: boolean, public readonly providerCode?: string) {
    super(message);
    this.name = 'ProviderError';
  }
}
