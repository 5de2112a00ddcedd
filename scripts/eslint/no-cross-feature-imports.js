// A small ESLint rule for the portal's feature boundaries (bulletproof-react style):
// a file under src/features/<a>/ may not import anything under src/features/<b>/.
// Features are composed by routes and the app shell, never by each other.
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

export default { meta: { name: 'clearlane-boundaries' }, rules: { 'no-cross-feature-imports': noCrossFeatureImports } };
