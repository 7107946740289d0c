// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Every folder under src/features is a feature, held to the same boundaries. */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Relative imports may climb one folder; anything further goes through `@/` so the
// boundary rules below can see which layer it reaches into.
const deepRelative = { regex: '^\\.\\./\\.\\./', message: 'Import through "@/..." instead of climbing folders.' };

/** One-way imports: shared -> features -> app; no feature imports another. */
const boundaries = [
  {
    files: ['src/shared/**/*.{ts,tsx}', 'src/locales/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            deepRelative,
            { regex: '^@/(features|app)(/|$)', message: 'shared/ must not import features/ or app/.' },
          ],
        },
      ],
    },
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            deepRelative,
            { regex: '^@/app(/|$)', message: 'features/ must not import app/.' },
            {
              regex: `^@/features/(?!${feature}(/|$))`,
              message: 'A feature must not import another feature; move the shared part to shared/.',
            },
            { regex: '^@/locales(/|$)', message: 'Messages are reached through @/shared/i18n.' },
          ],
        },
      ],
    },
  })),
  {
    files: ['src/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            deepRelative,
            {
              regex: '^@/features/[^/]+/(?!index$|pages/).+',
              message: 'app/ imports a feature through its index, or a page module (lazily).',
            },
          ],
        },
      ],
    },
  },
];

export default defineConfig(
  { ignores: ['dist', 'node_modules', 'src/shared/api/schema.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
        { selector: "Literal[value='en-US']", message: 'Never hard-code a locale; use the shopper locale.' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  // Plain JavaScript tools carry no types to check against.
  { files: ['**/*.{js,mjs}'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['eslint.config.js', 'vite.config.ts', 'scripts/**'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'src/test/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-restricted-syntax': 'off',
    },
  },
  ...boundaries,
);
