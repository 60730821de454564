import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// ESLint's own defineConfig: typescript-eslint deprecated its config() helper for it.
export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '**/drizzle/**',
      '**/coverage/**',
      'tmp/**',
      '.nx/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: [
      'shell/**/*.{ts,tsx}',
      'portal/**/*.{ts,tsx}',
      'admin-console/**/*.{ts,tsx}',
      'libs/**/*.{ts,tsx}',
    ],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['backend/**/*.ts'],
    rules: {
      // Nest DI needs classes imported as values even when used only as types.
      '@typescript-eslint/consistent-type-imports': 'off',
      // ESLint 10's code paths miss a module constant read only in a parameter decorator
      // (`@Param('id', userId)` in an async method): a false "useless assignment".
      'no-useless-assignment': 'off',
    },
  },
  {
    // Error codes are enum members (`<Feature>ErrorCode`, listed in the OpenAPI document and
    // translated by the front ends), never strings written at the throw site.
    files: ['backend/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='AppException'][callee.property.name!='invalidField'] > :matches(Literal, TemplateLiteral):nth-child(2)",
          message: 'Pass a <Feature>ErrorCode member as the code, not a string.',
        },
        {
          selector:
            "NewExpression[callee.name='AppException'] > :matches(Literal, TemplateLiteral):nth-child(3)",
          message: 'Pass a <Feature>ErrorCode member as the code, not a string.',
        },
        {
          selector:
            "NewExpression[callee.name='IdPipe'] > :matches(Literal, TemplateLiteral):nth-child(2)",
          message: 'Pass a <Feature>ErrorCode member as the code, not a string.',
        },
      ],
    },
  },
  {
    // Only repositories, schemas and the database layer speak SQL (shared SQL helpers live in
    // common/search); services go through a repository, other modules through its service.
    files: ['backend/src/**/*.ts'],
    ignores: [
      'backend/src/**/*.repository.ts',
      'backend/src/**/*.schema.ts',
      'backend/src/db/**',
      'backend/src/common/search/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'Only repositories, schemas and src/db import drizzle.',
            },
          ],
        },
      ],
    },
  },
);
