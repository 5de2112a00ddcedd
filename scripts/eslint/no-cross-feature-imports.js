// Small ESLint rules for the portal's boundaries (bulletproof-react style):
//  - no-cross-feature-imports: a file under src/features/<a>/ may not import anything under
//    src/features/<b>/. Features are composed by routes and the app shell, never by each other.
//  - portal-layers: imports flow one way, lib → components → features → app → routes (DESIGN.md §2):
//    lib imports only lib; components import lib; features import lib and components, never the
//    app shell (what they need from it is in lib or passed in by the route) nor routes.
//
// It resolves relative specifiers against the importing file and maps the portal's path aliases
// ("@/…", "~/…", "src/…") to apps/portal/src, so `../../orders/api/x` and `@/features/orders` are
// both caught. Bare package specifiers are left alone.
import path from 'node:path';

const FEATURE_DIR = /(?:^|\/)src\/features\/([^/]+)(?:\/|$)/;
const ALIASES = ['@/', '~/', 'src/'];

function portalSrcOf(filename) {
  const normalized = filename.split(path.sep).join('/');
  const index = normalized.lastIndexOf('/src/features/');
  return index === -1 ? undefined : normalized.slice(0, index + '/src'.length);
}

function featureOf(file) {
  return FEATURE_DIR.exec(file)?.[1];
}

function targetOf(specifier, filename, portalSrc) {
  if (specifier.startsWith('.')) {
    return path.posix.normalize(path.posix.join(path.posix.dirname(filename.split(path.sep).join('/')), specifier));
  }
  const alias = ALIASES.find((prefix) => specifier.startsWith(prefix));
  if (alias) return `${portalSrc}/${specifier.slice(alias.length)}`;
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature may not import from another feature (compose features in routes or the app shell)' },
    schema: [],
    messages: {
      crossFeature: "Feature '{{from}}' may not import from feature '{{to}}' ({{specifier}}). Move shared code to src/lib or src/components, or compose the two in a route.",
    },
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    const portalSrc = portalSrcOf(filename);
    const from = featureOf(filename.split(path.sep).join('/'));
    if (!portalSrc || !from) return {};

    const check = (node) => {
      const source = node?.source ?? node;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = targetOf(source.value, filename, portalSrc);
      if (!target || !target.startsWith(`${portalSrc}/features/`)) return;
      const to = featureOf(target);
      if (to && to !== from) context.report({ node: source, messageId: 'crossFeature', data: { from, to, specifier: source.value } });
    };

    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: (node) => node.source && check(node),
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/** What each layer of apps/portal/src may import from the portal's own layers (packages are free). */
const LAYER_MAY_IMPORT = {
  lib: ['lib'],
  components: ['lib', 'components'],
  features: ['lib', 'components', 'features'],
};
const LAYER_WHY = {
  lib: 'src/lib is the bottom layer: it imports nothing of the portal but src/lib',
  components: 'shared components import only src/lib and other shared components',
  features: 'features import src/lib and src/components, never the app shell or routes (move what they need into src/lib, or let the route pass it in)',
};

function layerOf(file, portalSrc) {
  if (!file.startsWith(`${portalSrc}/`)) return undefined;
  return file.slice(portalSrc.length + 1).split('/')[0];
}

/** @type {import('eslint').Rule.RuleModule} */
export const portalLayers = {
  meta: {
    type: 'problem',
    docs: { description: "The portal's layers import one way: lib → components → features → app → routes" },
    schema: [],
    messages: { layer: "src/{{from}} may not import src/{{to}} ({{specifier}}): {{why}}." },
  },
  create(context) {
    const filename = (context.filename ?? context.getFilename()).split(path.sep).join('/');
    const index = filename.lastIndexOf('/apps/portal/src/');
    if (index === -1) return {};
    const portalSrc = filename.slice(0, index + '/apps/portal/src'.length);
    const from = layerOf(filename, portalSrc);
    const allowed = LAYER_MAY_IMPORT[from];
    if (!allowed) return {};

    const check = (node) => {
      const source = node?.source ?? node;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = targetOf(source.value, filename, portalSrc);
      const to = target && layerOf(target, portalSrc);
      // A file directly in src (main.tsx, routeTree.gen.ts) is the app's top: nobody below imports it either.
      if (!to || allowed.includes(to)) return;
      context.report({ node: source, messageId: 'layer', data: { from, to, specifier: source.value, why: LAYER_WHY[from] } });
    };

    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: (node) => node.source && check(node),
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { meta: { name: 'clearlane-boundaries' }, rules: { 'no-cross-feature-imports': noCrossFeatureImports, 'portal-layers': portalLayers } };
