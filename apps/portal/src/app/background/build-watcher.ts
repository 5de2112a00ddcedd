// Learns that a new build of the portal is out (SPEC.md §2, §7): polls builds/latest.json (written
// by build/build-manifest.ts, served no-cache) at the configured interval; when its id differs
// from the running build's, reads builds/meta/{id}.json, offers a reload, and reloads by itself at
// the next route change — a moment when the user expects the page to change anyway.

export interface BuildManifest {
  id: string;
  timestamp: number;
}

export interface BuildWatcherDeps {
  runningBuildId: string;
  intervalMs: number;
  fetch?: typeof fetch;
  /** Called once, with the new build's manifest. */
  onNewBuild: (manifest: BuildManifest) => void;
  /** Tabs in the background need not poll; they check again when shown. */
  isHidden?: () => boolean;
}

async function readManifest(fetchFn: typeof fetch, path: string): Promise<BuildManifest | null> {
  const response = await fetchFn(path, { cache: 'no-store', headers: { accept: 'application/json' } });
  if (!response.ok) return null;
  const body = (await response.json()) as Partial<BuildManifest>;
  return typeof body.id === 'string' ? { id: body.id, timestamp: Number(body.timestamp ?? 0) } : null;
}

export class BuildWatcher {
  private timer?: ReturnType<typeof setInterval>;
  private found: BuildManifest | null = null;
  private checking = false;

  constructor(private readonly deps: BuildWatcherDeps) {}

  get newBuild(): BuildManifest | null {
    return this.found;
  }

  start() {
    // 0 (or less) switches polling off; so does a development server, which has no build id.
    if (this.deps.intervalMs <= 0 || !this.deps.runningBuildId || this.timer) return;
    this.timer = setInterval(() => void this.check(), this.deps.intervalMs);
  }

  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One poll; answers whether a new build was found (now or before). */
  async check(): Promise<boolean> {
    if (this.found) return true;
    if (this.checking || this.deps.isHidden?.()) return false;
    this.checking = true;
    const fetchFn = this.deps.fetch ?? fetch;
    try {
      const latest = await readManifest(fetchFn, '/builds/latest.json');
      if (!latest || latest.id === this.deps.runningBuildId) return false;
      const meta = (await readManifest(fetchFn, `/builds/meta/${encodeURIComponent(latest.id)}.json`)) ?? latest;
      this.found = meta;
      this.stop();
      this.deps.onNewBuild(meta);
      return true;
    } catch {
      // Offline or mid-deploy: the next poll will tell.
      return false;
    } finally {
      this.checking = false;
    }
  }
}
