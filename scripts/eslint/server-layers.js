// The server's layers (DESIGN.md §2): dependencies flow one way, foundation → access → features →
// composition, so a later feature is built on the layers below it and never wired into them.
//
//   0 foundation   config, http, db, session, jobs, mail, providers, adjudication, documents
//   1 access       the request guard and the caller's principal
//   2 features     identity and modules/<area>
//   3 composition  app.ts, main.ts, runtime.ts, cli.ts, cli/, seed/
//
// A file may import its own layer or a lower one. Between features, a module uses another module
// only through its service, repository or jobs file (`<area>.service.ts`, `.repository.ts`,
// `.jobs.ts`); its other files are its insides. Routes (`*.routes.ts`) are registered by the
// composition layer only. Cycles are eslint-plugin-import's no-cycle's job (eslint.config.js).
import path from 'node:path';

const SERVER_SRC = '/apps/server/src/';

const LAYERS = [
  { rank: 0, name: 'foundation', folders: ['config', 'http', 'db', 'session', 'jobs', 'mail', 'providers', 'adjudication', 'documents'] },
  { rank: 1, name: 'access', folders: ['access'] },
  { rank: 2, name: 'features', folders: ['identity', 'modules'] },
  { rank: 3, name: 'composition', folders: ['cli', 'seed', 'app.ts', 'main.ts', 'runtime.ts', 'cli.ts'] },
];

/** The file's path inside apps/server/src ("modules/orders/orders.service.ts"), or undefined. */
function insideServer(file) {
  const normalized = file.split(path.sep).join('/');
  const index = normalized.lastIndexOf(SERVER_SRC);
  return index === -1 ? undefined : normalized.slice(index + SERVER_SRC.length);
}

function layerOf(relative) {
  const top = relative.split('/')[0];
  return LAYERS.find((layer) => layer.folders.includes(top));
}

const moduleOf = (relative) => /^modules\/([^/]+)\//.exec(relative)?.[1];

function isPublicFileOfModule(relative, area) {
  const name = relative.slice(`modules/${area}/`.length);
  return [`${area}.service.ts`, `${area}.repository.ts`, `${area}.jobs.ts`].includes(name);
}

/** @type {import('eslint').Rule.RuleModule} */
export const serverLayers = {
  meta: {
    type: 'problem',
    docs: { description: "The server's layers import downwards only; modules meet through services, repositories and jobs" },
    schema: [],
    messages: {
      upwards: "{{fromLayer}} code ({{from}}) may not import {{toLayer}} code ({{specifier}}): the server's layers import downwards only (scripts/eslint/server-layers.js).",
      moduleInsides: "Module '{{fromModule}}' may not import module '{{toModule}}''s insides ({{specifier}}): use its {{toModule}}.service.ts, .repository.ts or .jobs.ts, or move what both need into a lower layer.",
      routes: '{{specifier}} is routes: only the composition layer (app.ts) registers routes.',
    },
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    const from = insideServer(filename);
    const fromLayer = from && layerOf(from);
    if (!from || !fromLayer) return {};

    const check = (node) => {
      const source = node?.source ?? node;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = insideServer(path.posix.normalize(path.posix.join(path.posix.dirname(filename.split(path.sep).join('/')), source.value)));
      const toLayer = target && layerOf(target);
      if (!target || !toLayer) return;
      const data = { from, specifier: source.value, fromLayer: fromLayer.name, toLayer: toLayer.name };
      if (toLayer.rank > fromLayer.rank) {
        context.report({ node: source, messageId: 'upwards', data });
        return;
      }
      if (target.endsWith('.routes.ts') && fromLayer.rank < 3) {
        context.report({ node: source, messageId: 'routes', data });
        return;
      }
      const fromModule = moduleOf(from);
      const toModule = moduleOf(target);
      if (fromModule && toModule && fromModule !== toModule && !isPublicFileOfModule(target, toModule)) {
        context.report({ node: source, messageId: 'moduleInsides', data: { ...data, fromModule, toModule } });
      }
    };

    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: (node) => node.source && check(node),
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { meta: { name: 'clearlane-server-layers' }, rules: { 'server-layers': serverLayers } };
