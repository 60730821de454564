// @ts-check
// The generator on an in-memory tree over this repository (Nx's FsTree reads the files, keeps the
// changes in memory): what it creates and registers, before the `generator` stage runs the result.
const assert = require('node:assert/strict');
const { join } = require('node:path');
const { describe, it } = require('node:test');
const { FsTree } = require('nx/src/generators/tree');
const featureGenerator = require('./generator');
const { featureNames } = require('./generator');

const root = join(__dirname, '..', '..', '..');

/** @returns {import('@nx/devkit').Tree} */
const repositoryTree = () => new FsTree(root, false);

describe('feature names', () => {
  it('derives every name from the kebab-case one', () => {
    assert.deepEqual(featureNames({ name: 'job-board' }), {
      fileName: 'job-board',
      className: 'JobBoard',
      propertyName: 'jobBoard',
      constantName: 'JOB_BOARD',
      tableName: 'job_board_posts',
      title: 'Job board',
      amharicTitle: 'አዲሱ ክፍል',
    });
    assert.throws(() => featureNames({ name: 'Job Board' }), /not a kebab-case name/);
  });
});

describe('the feature generator', () => {
  it('creates the layers and registers them, in memory', async () => {
    const tree = repositoryTree();
    const task = await featureGenerator(tree, {
      name: 'job-board',
      amharicTitle: 'የሥራ ሰሌዳ',
      membersOnly: true,
      skipRegenerate: true,
    });
    assert.equal(task, undefined);
    const created = tree
      .listChanges()
      .filter((change) => change.type === 'CREATE')
      .map((change) => change.path)
      .sort();
    assert.deepEqual(created, [
      'admin-console/src/features/jobBoard/JobBoardTab.test.tsx',
      'admin-console/src/features/jobBoard/JobBoardTab.tsx',
      'admin-console/src/features/jobBoard/useAdminJobBoard.ts',
      'backend/src/modules/job-board/job-board.controller.ts',
      'backend/src/modules/job-board/job-board.dto.ts',
      'backend/src/modules/job-board/job-board.errors.ts',
      'backend/src/modules/job-board/job-board.module.ts',
      'backend/src/modules/job-board/job-board.repository.ts',
      'backend/src/modules/job-board/job-board.schema.ts',
      'backend/src/modules/job-board/job-board.service.ts',
      'backend/test/job-board.e2e-spec.ts',
      'e2e/tests/job-board.spec.ts',
      'libs/i18n/src/locales/am/jobBoard.json',
      'libs/i18n/src/locales/en/jobBoard.json',
      'portal/src/features/jobBoard/JobBoardPage.test.tsx',
      'portal/src/features/jobBoard/JobBoardPage.tsx',
      'portal/src/features/jobBoard/useJobBoard.ts',
    ]);
    const read = (/** @type {string} */ file) => tree.read(file, 'utf-8') ?? '';
    assert.match(read('backend/src/app.module.ts'), /^\s+JobBoardModule,$/m);
    assert.match(read('backend/src/db/schema.ts'), /job-board\/job-board\.schema';\n$/);
    assert.match(read('backend/src/common/content/content-registry.ts'), /'job-board'\] as const/);
    assert.match(read('portal/src/App.tsx'), /path: 'job-board',[\s\S]*path: '\*'/);
    assert.match(read('shell/src/routing/access.ts'), /'\/job-board'/);
    assert.match(read('admin-console/src/features/dashboard/tabs.ts'), /jobBoard: 'jobBoard:/);
    assert.match(read('admin-console/src/features/dashboard/DashboardPage.tsx'), /JobBoardTab,/);
    assert.match(read('e2e/tests/accessibility.spec.ts'), /'\/job-board',\n\s+\/\/ A new/);
    assert.match(read('e2e/tests/amharic.spec.ts'), /read\('\/api\/job-board\?limit=100'\)/);
    const am = JSON.parse(read('libs/i18n/src/locales/am/jobBoard.json'));
    assert.equal(am.title, 'የሥራ ሰሌዳ');
    const errors = JSON.parse(read('libs/i18n/src/locales/am/errors.json'));
    assert.equal(errors.codes.JOB_BOARD_POST_NOT_FOUND, 'ልጥፉ አልተገኘም');
  });

  it('refuses a feature whose module exists', async () => {
    await assert.rejects(
      featureGenerator(repositoryTree(), { name: 'news', skipRegenerate: true }),
      /backend\/src\/modules\/news already exists/,
    );
  });
});
