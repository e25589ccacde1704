import fs from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

// Features never import each other; shared UI and lib never import features (docs/architecture.md §7, habit 1).
const webFeatures = fs.existsSync('apps/web/src/features')
  ? fs.readdirSync('apps/web/src/features', { withFileTypes: true }).filter((d) => d.isDirectory())
  : [];
const featureZones = webFeatures.map(({ name }) => ({
  target: `./apps/web/src/features/${name}`,
  from: './apps/web/src/features',
  except: [`./${name}`],
  message: 'A feature may not import another feature: move what both need to components/ or lib/.',
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/data/**',
      'apps/api/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'apps/*/tsconfig.json',
            'apps/web/e2e/tsconfig.json',
            'packages/*/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': 'off',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './packages/shared',
              from: './apps',
              message:
                '@vastra/shared holds contracts and pure rules only; it may not import an app.',
            },
            {
              target: './apps/web',
              from: './apps/api',
              message: 'The storefront talks to the API over HTTP only.',
            },
            {
              target: './apps/api',
              from: './apps/web',
              message: 'The API may not import storefront code.',
            },
            {
              target: ['./apps/web/src/components', './apps/web/src/lib'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared UI and lib may not import features or the app shell.',
            },
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'Features may not import the app shell (upward import).',
            },
            ...featureZones,
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The storefront reports problems to the shopper, not the console.
      'no-console': 'error',
    },
  },
  {
    // process.env is read in one place only (docs/architecture.md §7, habit 5).
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/config.ts', 'apps/api/src/**/*.test.ts', 'apps/api/src/test/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from config.ts.' },
      ],
    },
  },
);
