import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Features do not import each other: what several features share lives in src/components (e.g.
// components/parcel), src/core or src/i18n, and the features are composed in src/app and src/navigation.
const FEATURES = fs
  .readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = FEATURES.map((feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except: [`./${feature}`],
  message: 'Features do not import each other: move the shared piece to src/components or src/core, or compose in src/app.',
}));
// The shared layers never reach up into the features, the app or the layouts (their tests may: a
// test composes what it checks, e.g. theme/contrast.test.tsx renders the features' chips).
const SHARED_MESSAGE = 'Shared code does not import features, the app or the layouts.';
const sharedZones = [
  ...['components', 'core', 'theme'].map((dir) => ({
    target: `./src/${dir}`,
    from: ['./src/features', './src/app', './src/layouts'],
    message: SHARED_MESSAGE,
  })),
  // The i18n layer merges the messages beside each feature (features/x/messages.{fr,en,ar}.ts), nothing else.
  { target: './src/i18n', from: ['./src/app', './src/layouts'], message: SHARED_MESSAGE },
  ...FEATURES.map((feature) => ({
    target: './src/i18n',
    from: `./src/features/${feature}`,
    except: ['./messages.fr.ts', './messages.en.ts', './messages.ar.ts'],
    message: SHARED_MESSAGE,
  })),
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'e2e-artifacts/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...featureZones, ...sharedZones] }],
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['src/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: featureZones }] },
  },
  {
    files: ['*.{js,mjs,ts}', 'scripts/**/*.mjs', 'e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['early-sign-in/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/test/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
