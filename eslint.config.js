// @ts-check
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: [
      'dist/',
      'node_modules/',
      '.astro/',
      'src/paraglide/',
      'data/',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  astro.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
        extraFileExtensions: ['.astro'],
      },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // House rule: a module over 300 lines is split.
    files: ['**/*.{ts,tsx,astro,js,mjs}'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    // Islands: hooks used by the rules of hooks, and markup people can use with a keyboard and a screen reader.
    files: ['src/islands/**/*.tsx', 'tests/**/*.tsx'],
    extends: [reactHooks.configs.flat['recommended-latest'], jsxA11y.configs.recommended],
  },
  // Import boundaries (docs/architecture.md): the domain is pure, schemas build on the domain only, the server never
  // reaches into islands and islands never into the server.
  {
    files: ['src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*', 'node:*', 'astro:*'],
              message: 'src/domain imports only src/domain: it is pure.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/schemas/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^\.\./(?!domain/)`,
              message: 'src/schemas imports only src/domain (and zod).',
            },
            {
              group: ['node:*', 'astro:*'],
              message: 'src/schemas is shared with islands: no Node, no Astro.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      // The typed rule, so a page's server half may name the props type its island declares (no runtime import).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/islands/**'],
              message: 'The server never imports islands.',
              allowTypeImports: true,
            },
            { group: ['astro:*'], message: 'src/server runs without Astro (vitest loads it directly).' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/islands/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', 'node:*'], message: 'Islands run in the browser: never the server.' },
          ],
        },
      ],
    },
  },
  {
    // .astro files are type-checked by `astro check`; the typed rules cannot see their frontmatter types.
    files: ['**/*.astro'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    // CommonJS configs (dependency-cruiser reads its rules as a module.exports object).
    languageOptions: { globals: { module: 'writable', require: 'readonly' } },
  },
);
