/**
 * One formatting for the whole tree, checked by `npm run format:check` in `npm test` (`npm run format` applies it).
 * Imports are ordered: Node built-ins, packages, then our subpath imports (#shared, #functions, #infra, #frontend,
 * #test), each group alphabetical.
 */
export default {
  printWidth: 120,
  singleQuote: true,
  trailingComma: 'all',
  plugins: ['@ianvs/prettier-plugin-sort-imports'],
  importOrder: [
    '<BUILTIN_MODULES>',
    '<THIRD_PARTY_MODULES>',
    '',
    '^#shared/',
    '^#functions/',
    '^#infra/',
    '^#frontend/',
    '^#test/',
  ],
  importOrderTypeScriptVersion: '5.9.0',
};
