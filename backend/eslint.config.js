import tseslint from 'typescript-eslint';
import contextBoundaries from '../tools/eslint/context-boundaries.mjs';

export default tseslint.config(
  { ignores: ['dist/**', 'test/**', '*.cjs'] },
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.ts'],
    plugins: { lms: { rules: { 'context-boundaries': contextBoundaries } } },
    rules: {
      'lms/context-boundaries': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
);
