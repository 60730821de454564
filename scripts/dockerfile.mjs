// The Dockerfile's instructions as data, for the browser e2e's standalone console
// (standalone-console.mjs follows the `console` target's build command and files). The image
// itself is built by Podman (scripts/containers/, docs/adr/0048-real-containers.md).

/** Instructions, continuation lines joined and comments dropped, grouped by stage. */
export function parseDockerfile(text) {
  const lines = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/);
  const stages = [];
  for (const raw of lines) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [, op, rest] = /^(\S+)\s*(.*)$/.exec(line);
    const instruction = op.toUpperCase();
    if (instruction === 'FROM') {
      const [image, as, name] = rest.split(/\s+/);
      stages.push({ image, name: as?.toUpperCase() === 'AS' ? name : undefined, steps: [] });
      continue;
    }
    if (stages.length === 0) throw new Error(`${instruction} before FROM`);
    stages.at(-1).steps.push({ op: instruction, ...parseArgs(instruction, rest) });
  }
  return stages;
}

/** An instruction's `--flag=value`s, then its shell text (RUN) or its words. */
function parseArgs(op, rest) {
  const flags = {};
  let args = rest;
  for (let m; (m = /^--([a-z-]+)=(\S+)\s+/.exec(args)); args = args.slice(m[0].length)) {
    flags[m[1]] = m[2];
  }
  if (op === 'RUN') return { flags, shell: args };
  return { flags, words: args.split(/\s+/).filter(Boolean) };
}
