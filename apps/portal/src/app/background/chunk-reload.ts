// After a deploy, the hashed chunks of the build a tab started with are gone: loading a lazy page
// fails. Reloading fetches the new index.html and its chunks. The time of the reload is kept in
// sessionStorage for 10 s (SPEC.md §9), so a chunk that still fails after a reload shows the error
// page instead of reloading forever.
export const RELOAD_STATE_KEY = 'clearlane.chunkReloadAt';
export const RELOAD_STATE_TTL_MS = 10_000;

export interface ReloadEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
  now: () => number;
}

const browser = (): ReloadEnvironment => ({
  storage: sessionStorage,
  reload: () => window.location.reload(),
  now: Date.now,
});

const CHUNK_ERROR = /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk [\w-]+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message);
}

/** Reloads the page unless that already happened within 10 s; answers whether it reloads. */
export function reloadAfterChunkError(env: ReloadEnvironment = browser()): boolean {
  let last = Number.NaN;
  try {
    last = Number(env.storage.getItem(RELOAD_STATE_KEY));
  } catch {
    // Storage blocked (privacy mode): without a memory of past reloads, do not risk a loop.
    return false;
  }
  const now = env.now();
  if (Number.isFinite(last) && last > 0 && now - last < RELOAD_STATE_TTL_MS) return false;
  try {
    env.storage.setItem(RELOAD_STATE_KEY, String(now));
  } catch {
    return false;
  }
  env.reload();
  return true;
}

/** Vite fires vite:preloadError when a chunk's preload fails; reload instead of breaking later. */
export function listenForPreloadErrors(env?: ReloadEnvironment): () => void {
  const onPreloadError = (event: Event) => {
    if (reloadAfterChunkError(env)) event.preventDefault();
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => window.removeEventListener('vite:preloadError', onPreloadError);
}
