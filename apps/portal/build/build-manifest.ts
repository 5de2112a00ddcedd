// Writes the build manifest the portal polls (SPEC.md §2 "Background behaviour"):
//   builds/latest.json         { id, timestamp }   — which build is current (served no-cache)
//   builds/meta/{id}.json      { id, timestamp }   — the manifest of one build
// A running portal compares latest.json's id with its own to learn that a new build is out.
import { randomBytes } from 'node:crypto';
import type { Plugin } from 'vite';

export function buildManifest(): { plugin: Plugin; buildId: string } {
  const buildId = `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
  const plugin: Plugin = {
    name: 'clearlane-build-manifest',
    apply: 'build',
    generateBundle() {
      const manifest = JSON.stringify({ id: buildId, timestamp: Date.now() });
      this.emitFile({ type: 'asset', fileName: 'builds/latest.json', source: manifest });
      this.emitFile({ type: 'asset', fileName: `builds/meta/${buildId}.json`, source: manifest });
    },
  };
  return { plugin, buildId };
}
