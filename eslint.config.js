import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import { defineConfig, globalIgnores } from 'eslint/config'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// Not type-aware: typescript-eslint's recommendedTypeChecked took 101 s here, over the lint's budget (docs/decisions/0005).
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
    files: ['**/migrations/*.ts'],
    // Kysely's migration signature: a migration describes the schema as it was at its number, so it takes Kysely<any>, not today's types.
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  prettier,
)
