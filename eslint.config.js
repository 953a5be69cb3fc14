import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Lint rules, including the code's boundaries (README "Map of the code", docs/architecture.md):
 * - one import style: the package.json `#` subpath imports, never a relative path;
 * - no import cycles in functions/src, shared and frontend/src (import-x/no-cycle, resolving the `#` imports as Node
 *   does; type-only imports do not count);
 * - front end: a feature imports no other feature and not `app/` (the composition root); `lib/` and `components/`
 *   import no feature;
 * - functions: the domain imports no use case, adapter, HTTP code, port, AWS SDK or React; use cases import no HTTP
 *   code, no handler and not the composition's whole Deps (they name their ports); a use case imports only its own
 *   area's use cases and app/common (another area's through a port); an adapter imports no other adapter; nothing
 *   imports the composition root (composition.ts and functions/src/composition/) but handlers and jobs; only
 *   functions/src/config/environment.ts reads process.env;
 * - shared: imports nothing of the front end, the functions or the infrastructure.
 * test/unit/lint-boundaries.test.ts shows each of these failing the lint run.
 */

const RELATIVE = {
  regex: '^\\.{1,2}/',
  message:
    'Import through the package.json "#" subpath imports (#shared/…, #functions/…, #frontend/…, #test/…), not a relative path.',
};
const AWS = {
  regex: '^(@aws-sdk/|aws-lambda$|aws-cdk-lib(/|$)|@aws-lambda-powertools/)',
  message: 'Pure code does not talk to AWS.',
};
const REACT = {
  regex: '^(react|react-dom|react-router-dom|@tanstack/.*)(/|$)',
  message: 'Pure code does not import React.',
};

/** `no-restricted-imports` with the relative-path rule plus `patterns` (a later block replaces an earlier one's list). */
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns: [RELATIVE, ...patterns] }] });

const foldersOf = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const adapters = foldersOf('./functions/src/adapters');
/** The use cases' areas (functions/src/app/<area>/), `common` among them. */
const areas = foldersOf('./functions/src/app');

/** The composition root: composition.ts and its pieces (functions/src/composition/: Stripe's and the publisher's too). */
const COMPOSITION_ROOT = {
  regex: '^#functions/(handlers|jobs)/|^#functions/composition(/|$)',
  message:
    'Only handlers and jobs import the composition root (functions/src/composition.ts, functions/src/composition/).',
};
/** What a use case never imports. */
const USE_CASE_LAYERS = [
  {
    regex: '^#functions/(http|handlers|jobs|adapters)/|^#functions/composition(/|$)',
    message: 'A use case depends on ports and the domain, never on HTTP, handlers, adapters or the composition root.',
  },
  {
    regex: '^#functions/ports/deps$',
    message:
      "A use case names the ports it uses (functions/src/ports/<area>.ts), not the composition root's whole Deps.",
  },
];

const features = readdirSync(new URL('./frontend/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['node_modules', 'frontend/dist', 'cdk.out', '.data', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      ...restrict(),
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The pages' inline scripts (frontend/src/shell/inline-scripts.ts): plain browser scripts that run before the app.
    files: ['frontend/src/shell/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { caughtErrors: 'none' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // Only functions/src/config/environment.ts reads the environment (README.md, "Find your way in").
    files: ['functions/**/*.ts', 'shared/**/*.ts', 'infra/**/*.ts', 'frontend/src/**/*.{ts,tsx}'],
    ignores: ['functions/src/config/environment.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through functions/src/config.ts.' },
      ],
    },
  },

  {
    // No import cycles in our code: a module never reaches itself again through what it imports. The Node resolver
    // follows package.json's "imports" (#functions/…, #shared/…, #frontend/…); packages are not walked into.
    files: ['functions/src/**/*.ts', 'shared/**/*.ts', 'frontend/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createNodeResolver()],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },

  // ---- Front end -------------------------------------------------------------------------------------------------
  ...features.map((feature) => ({
    files: [`frontend/src/features/${feature}/**/*.{ts,tsx}`],
    rules: restrict(
      {
        regex: `^#frontend/features/(?!${feature}/)`,
        message: `A feature does not import another feature: move what both need to frontend/src/lib or frontend/src/components, or compose them in frontend/src/app.`,
      },
      {
        regex: '^#frontend/app/',
        message: 'A feature does not import the app shell (frontend/src/app composes the features).',
      },
    ),
  })),
  {
    files: ['frontend/src/lib/**/*.{ts,tsx}', 'frontend/src/components/**/*.{ts,tsx}'],
    rules: restrict({
      regex: '^#frontend/(features|app)/',
      message: 'Shared front-end code (lib, components) imports no feature and not the app shell.',
    }),
  },

  // ---- Functions ---------------------------------------------------------------------------------------------------
  {
    files: ['functions/src/domain/**/*.ts'],
    rules: restrict(
      {
        regex: '^#functions/(?!domain/)',
        message:
          'The domain is pure rules: it imports only other domain modules and #shared (records live in functions/src/domain/records.ts).',
      },
      AWS,
      REACT,
    ),
  },
  {
    files: ['functions/src/app/**/*.ts'],
    rules: restrict(...USE_CASE_LAYERS),
  },
  ...areas.map((area) => ({
    files: [`functions/src/app/${area}/**/*.ts`],
    rules: restrict(...USE_CASE_LAYERS, {
      regex: area === 'common' ? '^#functions/app/(?!common/)' : `^#functions/app/(?!(${area}|common)/)`,
      message:
        area === 'common'
          ? 'app/common serves every area and imports none of their use cases.'
          : `A use case imports its own area's use cases (app/${area}) and app/common, never another area's: it asks through a port (functions/src/ports/<area>.ts) that the composition root implements with the other area's use case (functions/src/composition/area-ports.ts).`,
    }),
  })),
  ...adapters.map((adapter) => ({
    files: [`functions/src/adapters/${adapter}/**/*.ts`],
    rules: restrict(
      {
        regex: `^#functions/adapters/(?!${adapter}/)`,
        message: `An adapter does not import another adapter: each implements ports on its own, and the composition root (functions/src/composition.ts) puts them together.`,
      },
      COMPOSITION_ROOT,
    ),
  })),
  {
    files: [
      'functions/src/http/**/*.ts',
      'functions/src/ports/**/*.ts',
      'functions/src/errors.ts',
      'functions/src/config.ts',
      'functions/src/config/**/*.ts',
    ],
    rules: restrict(COMPOSITION_ROOT),
  },

  // ---- Shared ------------------------------------------------------------------------------------------------------
  {
    files: ['shared/**/*.ts'],
    rules: restrict(
      { regex: '^#(functions|frontend|infra|test)/', message: 'shared/ is used by both sides and imports neither.' },
      AWS,
      REACT,
    ),
  },
);
