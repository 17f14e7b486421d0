// Flat config: ESLint's and typescript-eslint's recommended rules for the front end.
// eslint-plugin-react-hooks is not installed in the workspace, so its rules are not enabled.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Features never import each other (style habit 10); they meet in the areas and the app.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../../features/*/*', '../features/*/*'],
              message: "Import a feature through its index.ts.",
            },
          ],
        },
      ],
    },
  },
);
