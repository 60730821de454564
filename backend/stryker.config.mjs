// StrykerJS over the rule-holding modules (stryker.modules.mjs), run by `node scripts/test.mjs
// mutation`, which also holds each module to the floor (docs/adr/0041-mutation-testing.md).
import { existsSync } from 'node:fs';
import { MUTATION_MODULES } from './stryker.modules.mjs';

const escape = (path) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const specs = MUTATION_MODULES.flatMap((module) => module.specs).filter((spec) => existsSync(spec));

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'jest',
  mutate: MUTATION_MODULES.flatMap((module) => module.files),
  jest: {
    projectType: 'custom',
    configFile: 'jest.config.js',
    // Only the unit specs of those modules; the API e2e suites' OpenAPI check does not apply.
    config: {
      testRegex: `/(${specs.map(escape).join('|')})$`,
      setupFilesAfterEnv: [],
    },
    enableFindRelatedTests: false,
  },
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 10000,
  // Sandboxes and reports in the repository's git-ignored tmp/.
  tempDirName: '../tmp/stryker-sandbox',
  cleanTempDir: 'always',
  ignorePatterns: ['dist', 'data', 'coverage', 'drizzle', 'test/fuzz', 'test/smoke'],
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: '../tmp/mutation/mutation.json' },
  htmlReporter: { fileName: '../tmp/mutation/mutation.html' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  // The floor is per module (scripts/mutation.mjs); this is the run as a whole.
  thresholds: { high: 90, low: 80, break: 80 },
};
