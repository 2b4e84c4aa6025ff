import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import academy from './tools/eslint/boundaries.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/data/**', 'apps/server/drizzle/**', '**/*.tmp.*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/server/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    plugins: { academy },
    rules: { 'academy/boundaries': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // MUI 9 dropped the system props: `color="text.secondary"` on Typography is passed through and
      // paints nothing, silently. Its own values are `textSecondary`, `textPrimary`, `error`, …
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='color'][value.value=/^(text|primary|secondary|error|warning|info|success|grey)\\./]",
          message: 'MUI 9 has no system props: write color="textSecondary" (or sx={{ color: \'text.secondary\' }}).',
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' } },
  },
);
