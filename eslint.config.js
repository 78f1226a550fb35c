import { readdirSync } from 'node:fs';
import importPlugin from 'eslint-plugin-import';
import tseslint from 'typescript-eslint';

// The dependency arrows of DESIGN.md, enforced: services -> infra -> events/contracts,
// no service imports another, infra imports no service, only the launcher knows all services,
// the console imports only contracts, events and the funnel block library (funnel-pages).
const pkg = (name) => [`@leadfloor/${name}`, `@leadfloor/${name}/*`];
const rel = (name) => [`../${name}/*`, `../../${name}/*`, `../../../${name}/*`, `../../../../${name}/*`];
const forbid = (names, why) => ({
  'no-restricted-imports': ['error', {
    patterns: [{ group: names.flatMap((n) => [...pkg(n), ...rel(n)]), message: why }],
  }],
});
const services = ['command-service', 'projector', 'query-service'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'infra/kafka/.cache/**', 'console/dist/**', '.bench/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['events/**'], rules: forbid(['contracts', 'infra', 'launcher', ...services], 'events/ depends on nothing but zod') },
  { files: ['contracts/**'], rules: forbid(['infra', 'launcher', ...services], 'contracts/ imports only events/') },
  { files: ['funnel-pages/**'], rules: forbid(['contracts', 'infra', 'launcher', ...services], 'funnel-pages/ depends on nothing but zod and React') },
  { files: ['infra/**'], rules: forbid(['launcher', ...services], 'infra/ imports no service') },
  ...services.map((s) => ({
    files: [`${s}/**`],
    rules: forbid(['launcher', ...services.filter((o) => o !== s)], 'a service never imports another service'),
  })),
  {
    files: ['console/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: ['@leadfloor/funnel-pages', '@leadfloor/funnel-pages/render-step-html', '@leadfloor/funnel-pages/style-hash', '@leadfloor/funnel-pages/page-css']
      .map((name) => ({ name, message: 'the console imports the funnel block library by module, never its server-side rendering' })), patterns: [
      { group: ['@leadfloor/*', '!@leadfloor/contracts', '!@leadfloor/contracts/*', '!@leadfloor/events', '!@leadfloor/events/*', '!@leadfloor/funnel-pages', '!@leadfloor/funnel-pages/**'],
        message: 'the console imports only @leadfloor/contracts, @leadfloor/events and the funnel block library' },
      { group: ['**/command-service/**', '**/query-service/**', '**/projector/**', '**/infra/**', '**/launcher/**'], message: 'the console never imports server code' },
    ] }] },
  },
  {
    files: ['console/src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: { 'import/no-restricted-paths': ['error', { zones: [
      ...readdirSync('console/src/features').map((feature) => ({
        target: `./console/src/features/${feature}`, from: './console/src/features', except: [`./${feature}`],
        message: 'features never import other features; compose them in console/src/app' })),
      { target: ['./console/src/lib', './console/src/components'], from: ['./console/src/features', './console/src/app'],
        message: 'lib/ and components/ are shared by features and import none of them' },
    ] }] },
  },
);
