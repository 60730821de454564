// StrykerJS over one rule-holding module (MUTATION_MODULE, a name in stryker.modules.mjs; all of
// them when unset) with only that module's unit specs, so each module's score is what its own
// specs kill. `node scripts/test.mjs mutation` runs it once per module and holds each to the floor
// (docs/adr/0041-mutation-testing.md).
import { MUTATION_MODULES, reportOf } from './stryker.modules.mjs';

const only = process.env.MUTATION_MODULE;
const modules = only ? MUTATION_MODULES.filter((module) => module.name === only) : MUTATION_MODULES;
if (modules.length === 0) throw new Error(`MUTATION_MODULE names no module: "${only}"`);
const escape = (path) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const specs = modules.flatMap((module) => module.specs);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'jest',
  mutate: modules.flatMap((module) => module.files),
  jest: {
    projectType: 'custom',
    configFile: 'jest.config.js',
    // Only the module's unit specs; the API e2e suites' OpenAPI check does not apply to them.
    config: {
      testRegex: `/(${specs.map(escape).join('|')})$`,
      setupFilesAfterEnv: [],
    },
  },
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 5000,
  // Sandboxes and reports in the repository's git-ignored tmp/.
  tempDirName: '../tmp/stryker-sandbox',
  cleanTempDir: 'always',
  ignorePatterns: ['dist', 'data', 'coverage', 'drizzle', 'test/fuzz', 'test/smoke'],
  reporters: ['clear-text', 'progress-append-only', 'json', 'html'],
  jsonReporter: { fileName: reportOf(only ?? 'all', 'json') },
  htmlReporter: { fileName: reportOf(only ?? 'all', 'html') },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  // The floor per module is scripts/mutation.mjs's; Stryker's own break would stop at the first.
  thresholds: { high: 90, low: 80, break: null },
};
