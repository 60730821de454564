import type { Plugin } from 'vite';

/** The federation plugin's loop that evaluates each local share at start (its generated code). */
const SEED_LOOP =
  'for (const batch of __mfSeedBatches) await Promise.all(batch.filter((pkg) => requested.has(pkg)).map(async (pkg) => {';
/** A task boundary: what follows runs in a new task once the browser has had its turn. */
const YIELD = 'await new Promise((resolve) => setTimeout(resolve, 0));';

/**
 * Evaluates each shared package (React DOM, i18next, the router...) in a task of its own when the
 * host starts: the federation plugin evaluates them all in one task of 40–90 ms on a desktop CPU,
 * which a tap on the first view waits behind (bench/README.md, "Sixth pass"). The plugin has no
 * option for it, so its generated loop gets a yield before each package; a build whose plugin no
 * longer generates that loop fails here rather than silently losing it.
 */
export function shareSeedsInTasks(): Plugin {
  let seen = false;
  return {
    name: 'share-seeds-in-tasks',
    apply: 'build',
    // After the federation plugin's own transform, which writes the remote entry anew.
    enforce: 'post',
    transform(code) {
      if (!code.includes('__mfSeedBatches')) return null;
      if (!code.includes(SEED_LOOP)) {
        this.error(
          'the federation plugin no longer seeds shares in the loop shareSeedsInTasks knows',
        );
      }
      seen = true;
      return {
        code: code.replace(SEED_LOOP, `${SEED_LOOP}\n        ${YIELD}`),
        map: null,
      };
    },
    buildEnd(error) {
      if (!error && !seen) this.error('no federation share seeding found to split into tasks');
    },
  };
}
