// @ts-check
// `npx nx g @diaspora/tools:feature <name>`: a feature across the layers, with every registration
// a feature needs (docs/adding-a-feature.md, docs/adr/0042-feature-generator.md). The files come
// from the templates in files/; the registrations are text edits (edits.js) that fail loudly when
// an anchor is gone. Afterwards it runs the two generators the repository keeps: the migration
// (drizzle-kit) and the API client (from the OpenAPI document).
const { execFileSync } = require('node:child_process');
const { join } = require('node:path');
const { formatFiles, generateFiles, names, updateJson } = require('@nx/devkit');
const { addImport, appendToLiteral, insertAboveLine } = require('./edits');

/** @typedef {import('@nx/devkit').Tree} Tree */

/**
 * @typedef {object} FeatureOptions
 * @property {string} name kebab case: job-board
 * @property {string} [title] the English name: Job board
 * @property {string} [amharicTitle] the Amharic name
 * @property {boolean} [membersOnly] the page is for members only (MEMBER_PATHS)
 * @property {boolean} [skipRegenerate] no migration and API client afterwards
 */

/**
 * @typedef {object} FeatureNames
 * @property {string} fileName job-board: module folder, API and portal path, content type
 * @property {string} className JobBoard
 * @property {string} propertyName jobBoard: i18n namespace, front-end folders, account-data key
 * @property {string} constantName JOB_BOARD
 * @property {string} tableName job_board_posts
 * @property {string} title Job board
 * @property {string} amharicTitle
 */

/** The generated routes' error texts: their not-found code, and the names of the fields they take. */
const ERROR_TEXTS = [
  {
    language: 'en',
    notFound: 'Post not found',
    fields: { title: 'Title', description: 'Description', hidden: 'Hidden' },
  },
  {
    language: 'am',
    notFound: 'ልጥፉ አልተገኘም',
    fields: { title: 'ርዕስ', description: 'መግለጫ', hidden: 'የተደበቀ' },
  },
];

/** Said in place of the feature's Amharic name until the newcomer writes it ("the new section"). */
const AMHARIC_PLACEHOLDER = 'አዲሱ ክፍል';

/**
 * @param {FeatureOptions} options
 * @returns {FeatureNames}
 */
function featureNames(options) {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(options.name)) {
    throw new Error(`feature generator: "${options.name}" is not a kebab-case name (job-board)`);
  }
  const { fileName, className, propertyName, constantName } = names(options.name);
  const words = fileName.replace(/-/g, ' ');
  return {
    fileName,
    className,
    propertyName,
    constantName,
    tableName: `${constantName.toLowerCase()}_posts`,
    title: options.title || words.charAt(0).toUpperCase() + words.slice(1),
    amharicTitle: options.amharicTitle || AMHARIC_PLACEHOLDER,
  };
}

/**
 * Applies `edit` to a file of the tree, which must exist.
 * @param {Tree} tree
 * @param {string} file
 * @param {(source: string) => string} edit
 */
function editFile(tree, file, edit) {
  const source = tree.read(file, 'utf-8');
  if (source === null) throw new Error(`feature generator: ${file} is missing`);
  tree.write(file, edit(source));
}

/**
 * Every registration of the new feature in the files the layers share.
 * @param {Tree} tree
 * @param {FeatureNames} n
 * @param {FeatureOptions} options
 */
function register(tree, n, options) {
  const { fileName, className, propertyName, constantName } = n;

  // Back end: the module in the app, its tables for drizzle-kit, its content type.
  editFile(tree, 'backend/src/app.module.ts', (source) =>
    appendToLiteral(
      addImport(
        source,
        'backend/src/app.module.ts',
        `import { ${className}Module } from './modules/${fileName}/${fileName}.module';`,
      ),
      'backend/src/app.module.ts',
      'imports: [',
      `${className}Module`,
    ),
  );
  editFile(
    tree,
    'backend/src/db/schema.ts',
    (source) => `${source.trimEnd()}\nexport * from '../modules/${fileName}/${fileName}.schema';\n`,
  );
  const registry = 'backend/src/common/content/content-registry.ts';
  editFile(tree, registry, (source) =>
    appendToLiteral(
      appendToLiteral(source, registry, 'export const CONTENT_TYPES = [', `'${fileName}'`),
      registry,
      'const ALIASES: Record<string, ContentType> = {',
      `'${fileName}': '${fileName}'`,
    ),
  );

  // Error texts: the not-found code and the request fields' names, in both languages
  // (errorTexts.test.ts checks that the API's every code and field has them).
  for (const { language, notFound, fields } of ERROR_TEXTS) {
    updateJson(tree, `libs/i18n/src/locales/${language}/errors.json`, (errors) => {
      if (!errors.codes || !errors.fieldNames) {
        throw new Error(`feature generator: ${language}/errors.json has no codes or fieldNames`);
      }
      errors.codes[`${constantName}_POST_NOT_FOUND`] = notFound;
      for (const [field, name] of Object.entries(fields)) errors.fieldNames[field] ??= name;
      return errors;
    });
  }

  // Portal: the page's route, above the not-found page's catch-all (which must stay last).
  const app = 'portal/src/App.tsx';
  editFile(tree, app, (source) =>
    insertAboveLine(source, app, /^\s*\{ path: '\*'/m, [
      '{',
      `  path: '${fileName}',`,
      `  page: lazyPage(() => import('./features/${propertyName}/${className}Page'), '${className}Page', [`,
      `    '${propertyName}',`,
      "    // Its form shows the server's field errors.",
      "    'errors',",
      '  ]),',
      '},',
    ]),
  );
  if (options.membersOnly) {
    const access = 'shell/src/routing/access.ts';
    editFile(tree, access, (source) =>
      appendToLiteral(source, access, 'const MEMBER_PATHS = [', `'/${fileName}'`),
    );
  }

  // Admin console: the tab, its name, its panel, its texts loaded with the console's.
  const tabs = 'admin-console/src/features/dashboard/tabs.ts';
  editFile(tree, tabs, (source) =>
    appendToLiteral(
      appendToLiteral(source, tabs, 'export const CONSOLE_TABS = [', `'${propertyName}'`),
      tabs,
      /export const CONSOLE_TAB_NAMES\b[^=]*= \{/,
      `${propertyName}: '${propertyName}:console.tab'`,
    ),
  );
  const dashboard = 'admin-console/src/features/dashboard/DashboardPage.tsx';
  editFile(tree, dashboard, (source) =>
    appendToLiteral(
      addImport(
        source,
        dashboard,
        `import { ${className}Tab } from '../${propertyName}/${className}Tab';`,
      ),
      dashboard,
      /const PANELS\b[^=]*= \{/,
      `${propertyName}: ${className}Tab`,
    ),
  );
  const consoleApp = 'admin-console/src/App.tsx';
  editFile(tree, consoleApp, (source) =>
    appendToLiteral(source, consoleApp, 'export const CONSOLE_NAMESPACES = [', `'${propertyName}'`),
  );

  // Browser e2e: the page in the axe and Amharic walks (portal/src/routing/pageLists.test.ts).
  const marker = "// A new feature's page goes above";
  for (const file of ['e2e/tests/accessibility.spec.ts', 'e2e/tests/amharic.spec.ts']) {
    editFile(tree, file, (source) => insertAboveLine(source, file, marker, [`'/${fileName}',`]));
  }
  // The Amharic walk takes the posts' words as user content, as it does the news'.
  editFile(tree, 'e2e/tests/amharic.spec.ts', (source) =>
    insertAboveLine(source, 'e2e/tests/amharic.spec.ts', "// A new feature's list goes above", [
      `await read('/api/${fileName}?limit=100');`,
    ]),
  );
}

/**
 * The migration of the new table and the API client of the new routes, as a newcomer would run
 * them (`npm run db:generate`, `npm run api:generate`).
 * @param {string} root
 * @param {FeatureNames} n
 */
function regenerate(root, n) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = (/** @type {string[]} */ args) =>
    execFileSync(npm, args, { cwd: root, stdio: 'inherit' });
  run(['run', 'db:generate', '-w', 'backend', '--', '--name', n.tableName]);
  run(['run', 'api:generate']);
}

/**
 * @param {Tree} tree
 * @param {FeatureOptions} options
 */
async function featureGenerator(tree, options) {
  const n = featureNames(options);
  const folder = `backend/src/modules/${n.fileName}`;
  if (tree.exists(folder)) throw new Error(`feature generator: ${folder} already exists`);
  generateFiles(tree, join(__dirname, 'files'), '.', { ...n, tmpl: '' });
  register(tree, n, options);
  await formatFiles(tree);
  if (options.skipRegenerate) return undefined;
  return () => regenerate(tree.root, n);
}

module.exports = featureGenerator;
module.exports.default = featureGenerator;
module.exports.featureNames = featureNames;
