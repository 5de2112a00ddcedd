// Types of the portal's boundary rules (the rules are plain JavaScript, loaded by eslint.config.js).
import type { Rule } from 'eslint';

export declare const noCrossFeatureImports: Rule.RuleModule;
export declare const portalLayers: Rule.RuleModule;
declare const plugin: { meta: { name: string }; rules: Record<'no-cross-feature-imports' | 'portal-layers', Rule.RuleModule> };
export default plugin;
