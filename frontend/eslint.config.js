// Flat config: ESLint's and typescript-eslint's recommended rules for the front end, plus the
// import zones of the features (eslint/feature-zones.js, tested by eslint/feature-zones.test.js).
// eslint-plugin-react-hooks is not installed in the workspace, so its rules are not enabled.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import featureZones from './eslint/feature-zones.js';

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
    plugins: { lms: { rules: { 'feature-zones': featureZones } } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Features never import each other (style habit 10); they meet in the areas and the app.
      'lms/feature-zones': 'error',
    },
  },
  {
    // The rule and its test run on Node.
    files: ['eslint/**/*.js'],
    languageOptions: { globals: { URL: 'readonly' } },
  },
);
