import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import { defineConfig, globalIgnores } from 'eslint/config'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// Not type-aware: typescript-eslint's recommendedTypeChecked took 101 s here, over the lint's budget (docs/decisions/0005).

/** An import of one of app/'s folders: `'^~/(routes|components)(/|$)'` for two of them. */
const appFolder = (...folders) => `^~/(${folders.join('|')})(/|$)`

// The layers (docs/decisions/0056, README "Structure"). One `no-restricted-imports` per file set,
// as a later config's rule replaces an earlier one's: each set lists everything it may not import.
// Another folder is imported by its `~/` path, so these patterns see every import across folders.
const serverModule = '\\.server(\\.tsx?)?$'
const acrossFolders = [
  { regex: '^\\.\\./', message: "Import another folder by its ~/ path (the layers' rules read those)." },
  { regex: appFolder('dev-data'), message: 'The seed and demo data are for scripts and tests: production code does not import app/dev-data.' },
]
const modelLayer = [
  ...acrossFolders,
  { regex: '^(react-router|@react-router/)', message: 'Models know no router: return or throw a domain error, and let the route answer it in HTTP.' },
  { regex: appFolder('routes', 'components'), message: 'Models are below routes and components: pass what a model needs as an argument.' },
  { regex: appFolder('sites'), message: 'Models take a site as plain data (SiteProfile, SiteDirectory) from their caller, never from app/sites.' },
  { regex: appFolder('http', 'browser', 'hooks'), message: 'Models know no request, page or React: their callers pass them plain values.' },
]
const componentLayer = [
  ...acrossFolders,
  { regex: appFolder('routes'), message: 'Components do not import routes: page data types live beside the components (app/components/*.types.ts).' },
  {
    regex: serverModule,
    message: 'Components go to the browser: take what a server module gives through the loader, and its types from a module without .server.',
  },
]
/** app/http: the server's request handling, below routes and components, beside models. */
const httpLayer = [
  ...acrossFolders,
  {
    regex: appFolder('routes', 'components', 'browser', 'hooks'),
    message: "Request handling is the server's: it does not import routes, components or the page's code.",
  },
]
/** app/browser and app/hooks: code that runs in the page. */
const pageCodeLayer = [
  ...acrossFolders,
  { regex: appFolder('routes', 'components', 'http'), message: 'Page code does not import routes, components or the server’s request handling.' },
  { regex: serverModule, message: 'Page code goes to the browser: it never imports a .server module.' },
]
/** app/utils: pure helpers any layer may import, so they import none of the layers above models. */
const utilsLayer = [
  ...acrossFolders,
  {
    regex: appFolder('routes', 'components', 'http', 'browser', 'hooks', 'sites'),
    message: 'A helper in app/utils is pure: it imports models at most, never a layer that uses it.',
  },
  { regex: serverModule, message: 'A helper in app/utils goes to the browser too: it never imports a .server module.' },
]

export default defineConfig(
  globalIgnores(['build/', '.react-router/', 'data/', '.test-data/', '.bench-data/', '.test-results/', 'test-results/', 'playwright-report/', '.cache/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // The code's conventions for deliberately unused names: a leading underscore, or a field left out by a rest pattern.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // A React Compiler advisory (one extra render), not a bug; here it flags the hydration-safe "show a script-only control after mount" pattern react.dev documents.
      'react-hooks/set-state-in-effect': 'off',
      // A region that scrolls sideways (a wide table on a phone) must take focus, so the keyboard can scroll it (WCAG 2.1.1).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true }],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}', 'server/**/*.ts'],
    ignores: ['app/dev-data/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: acrossFolders }] },
  },
  {
    files: ['app/models/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: modelLayer }] },
  },
  {
    // A .server component renders markup on the server only, so it may use server modules.
    files: ['app/components/**/*.{ts,tsx}'],
    ignores: ['app/components/**/*.server.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: componentLayer }] },
  },
  { files: ['app/http/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', { patterns: httpLayer }] } },
  { files: ['app/browser/**/*.{ts,tsx}', 'app/hooks/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', { patterns: pageCodeLayer }] } },
  { files: ['app/utils/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', { patterns: utilsLayer }] } },
  {
    files: ['**/migrations/*.ts'],
    // Kysely's migration signature: a migration describes the schema as it was at its number, so it takes Kysely<any>, not today's types.
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  prettier,
)
