// Route preloading (SPEC.md §2, §9): skipped on slow or data-saving connections, and at most 4
// preloads run at once so hovering over a long menu cannot flood the network.
export const MAX_CONCURRENT_PRELOADS = 4;

export interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

export function isSlowConnection(connection: NetworkInformationLike | undefined): boolean {
  if (!connection) return false;
  return connection.saveData === true || connection.effectiveType === '2g' || connection.effectiveType === 'slow-2g';
}

/** A counting semaphore: `run` starts a task when fewer than `limit` are running, else queues it. */
export class Semaphore {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error('A semaphore needs a limit of at least 1');
  }

  get active() {
    return this.running;
  }

  get queued() {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    try {
      return await task();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }
}

type PreloadRoute = (options: never) => Promise<unknown>;

/**
 * Wraps the router's preloadRoute (which every <Link preload> calls) with the connection check and
 * the concurrency limit. Navigation itself is never limited: only speculative preloads are.
 */
export function limitRoutePreloads<R extends { preloadRoute: PreloadRoute }>(
  router: R,
  options: { limit?: number; connection?: () => NetworkInformationLike | undefined } = {},
): Semaphore {
  const semaphore = new Semaphore(options.limit ?? MAX_CONCURRENT_PRELOADS);
  const connection = options.connection ?? (() => (navigator as Navigator & { connection?: NetworkInformationLike }).connection);
  const original = router.preloadRoute.bind(router) as (options: unknown) => Promise<unknown>;
  const limited = (preloadOptions: unknown) => {
    if (isSlowConnection(connection())) return Promise.resolve(undefined);
    return semaphore.run(() => original(preloadOptions));
  };
  router.preloadRoute = limited as R['preloadRoute'];
  return semaphore;
}
