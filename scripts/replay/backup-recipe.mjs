// docs/operations.md's backup and restore recipe, replayed on the compose replay's deployment: its lines
// translated for a host without Docker (translateBackupLine), then checked: after a restore the
// members' sessions, their sign-in and the uploaded files are back.
import { mkdirSync, rmSync } from 'node:fs';
import { findPgBin, postJson, waitFor } from '../services.mjs';
import { bash, bashBlocks, check, commands, shellWord } from './steps.mjs';

/**
 * docs/operations.md's backup and restore recipe: the lines of the first two bash blocks of its "Backups and
 * restore" section (blank lines and comments skipped).
 */
export function backupRecipe(guide) {
  const blocks = bashBlocks(guide, '## Backups and restore').map(commands);
  if (blocks.length < 2 || blocks.some((lines) => lines.length === 0)) {
    throw new Error("docs/operations.md's backup section lost its backup or its restore commands");
  }
  return { backup: blocks[0], restore: blocks[1] };
}

/** The options of `docker compose exec` and `run` the replay knows (none changes what runs here). */
const COMPOSE_OPTIONS = { exec: ['-T'], run: ['--rm', '-T', '--no-deps'] };

/**
 * One line of docs/operations.md's backup recipe as this replay runs it; a line of any other shape throws.
 * `docker compose exec|run [options] <service> <program> <args> [< file | > file]` runs the program
 * here (`shell`): pg_dump and pg_restore in the postgres service reach `databaseUrl` instead of its
 * POSTGRES_USER and POSTGRES_DB, and tar in the app services reads and writes `volumes[name]`
 * where the service mounts the named volume. A redirected line needs `-T` (a TTY would refuse the
 * redirection or mangle the bytes). `docker compose stop|start <services>` are `stop` / `start`.
 */
export function translateBackupLine(
  line,
  { services, databaseUrl, volumes, bin = (name) => name },
) {
  const fail = (why) => {
    throw new Error(`backup recipe: ${why}: ${line}`);
  };
  if (/['"`$;&|()\\]/.test(line)) fail('quotes, variables, pipes and lists are not replayed');
  const words = line.trim().split(/\s+/);
  if (words[0] !== 'docker' || words[1] !== 'compose') fail('not a `docker compose` command');
  const [, , command, ...rest] = words;
  const serviceOf = (name) => services[name] ?? fail(`no service ${name} in docker-compose.yml`);
  if (command === 'stop' || command === 'start') {
    if (rest.length === 0 || rest.some((word) => word.startsWith('-'))) fail('services only');
    rest.forEach(serviceOf);
    return { [command]: rest };
  }
  if (!COMPOSE_OPTIONS[command]) fail(`\`docker compose ${command}\` is not replayed`);
  const options = [];
  while (rest[0]?.startsWith('-')) options.push(rest.shift());
  const unknown = options.filter((option) => !COMPOSE_OPTIONS[command].includes(option));
  if (unknown.length) fail(`${unknown.join(' ')} is not replayed`);
  const [service, program, ...args] = rest;
  const definition = serviceOf(service);
  const redirect = args.findIndex((word) => /^[<>]/.test(word));
  const redirection = redirect < 0 ? [] : args.splice(redirect);
  if (redirection.length && !(redirection.length === 2 && /^[<>]$/.test(redirection[0]))) {
    fail('one `< file` or `> file` at the end');
  }
  if (redirection.length && !options.includes('-T')) fail('a redirected command needs -T');

  let local;
  if (program === 'pg_dump' || program === 'pg_restore') {
    const env = definition.environment ?? {};
    if (!env.POSTGRES_DB) fail(`${service} is not the postgres service`);
    const kept = [];
    let named = 0;
    for (let i = 0; i < args.length; i++) {
      const word = args[i];
      if (word === '-U') {
        if (args[++i] !== (env.POSTGRES_USER ?? 'postgres')) fail('-U is not POSTGRES_USER');
      } else if (word === '-d' || !word.startsWith('-')) {
        const database = word === '-d' ? args[++i] : word;
        if (database !== env.POSTGRES_DB) fail(`${database} is not POSTGRES_DB`);
        named++;
      } else if (/^(-[hpW]|-[Ud].|--(host|port|dbname|username)\b)/.test(word)) {
        fail(`${word} is not replayed`);
      } else {
        kept.push(word);
      }
    }
    if (named !== 1) fail('name the database once');
    local = [bin(program), ...kept, '-d', databaseUrl];
  } else if (program === 'tar') {
    const mounts = (definition.volumes ?? []).map((volume) => volume.split(':'));
    local = ['tar', ...args].map((word) => {
      const mount = mounts.find(([, target]) => word === target || word.startsWith(`${target}/`));
      if (!mount) {
        if (word.startsWith('/')) fail(`${word} is in no volume of ${service}`);
        return word;
      }
      const [name, target] = mount;
      if (!volumes[name]) fail(`${service}'s ${name} volume is not replayed`);
      return volumes[name] + word.slice(target.length);
    });
  } else {
    fail(`${program ?? 'no program'} is not replayed`);
  }
  const [operator, file] = redirection;
  const shell = [...local.map(shellWord), ...(operator ? [operator, shellWord(file)] : [])];
  return { service, via: command, shell: shell.join(' ') };
}

/** A 1×1 PNG, as the browser e2e uploads one. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * docs/operations.md's backup recipe, its lines translated one by one (translateBackupLine): content, a
 * backup, then a member joining and an admin's mistake after it and the uploads volume lost,
 * and the restore. The restored deployment must be the backed-up one, sessions included.
 * `context`: the deployment's `base` URL, `ports` of its replicas (`replicas` of them), its
 * `services` (running, start, stop), `compose` (docker-compose.yml), `databaseUrl`, `volumes`
 * (uploads: its folder here), the `admin` and a `member` (email, password, token) signed in
 * before, the `work` folder and the `guide` text.
 */
export async function backupStep({
  guide,
  base,
  ports,
  replicas,
  services: { running, start, stop },
  compose,
  databaseUrl,
  volumes,
  admin: { token },
  member,
  work,
}) {
  const { backup, restore } = backupRecipe(guide);
  const admin = { authorization: `Bearer ${token}` };
  const created = await postJson(
    `${base}/api/team`,
    { name: 'Backup Replay', position: 'Archivist', bio: 'Kept in the backup.' },
    admin,
  );
  const teamMember = await created.json();
  const form = new FormData();
  form.append('photo', new Blob([PIXEL_PNG], { type: 'image/png' }), 'photo.png');
  const uploaded = await fetch(`${base}/api/team/${teamMember._id}/photo`, {
    method: 'PUT',
    headers: admin,
    body: form,
  });
  const photoUrl = (await uploaded.json()).profileImage;
  const photo = Buffer.from(await (await fetch(`${base}${photoUrl}`)).arrayBuffer());
  check(
    created.status === 201 && uploaded.status === 200 && photo.length > 0,
    `the admin adds a team member with a photo: ${created.status}, ${uploaded.status}, ${photoUrl} (${photo.length} bytes)`,
  );

  const translation = { services: compose.services, databaseUrl, volumes, bin: findPgBin };
  const runRecipe = async (lines) => {
    for (const line of lines) {
      const step = translateBackupLine(line, translation);
      console.log(`$ ${line}`);
      if (step.stop) await stop(step.stop);
      else if (step.start) await start(step.start);
      else {
        if (step.via === 'exec' && running[step.service]?.length === 0) {
          throw new Error(
            `backup recipe: ${step.service} is stopped, it has no container to exec in: ${line}`,
          );
        }
        console.log(`  here: ${step.shell}`);
        bash(step.shell, work);
      }
    }
  };
  await runRecipe(backup);
  check(true, `docs/operations.md's ${backup.length} backup lines ran`);

  const late = await postJson(`${base}/api/auth/register`, {
    name: 'After The Backup',
    email: `late-${member.email}`,
    password: member.password,
    country: 'Canada',
    profession: 'Engineer',
  });
  const lateMember = await late.json();
  const removed = await fetch(`${base}/api/team/${teamMember._id}`, {
    method: 'DELETE',
    headers: admin,
  });
  const gone = await fetch(`${base}${photoUrl}`);
  await gone.arrayBuffer();
  rmSync(volumes.uploads, { recursive: true, force: true });
  mkdirSync(volumes.uploads);
  check(
    late.status === 201 && removed.ok && gone.status === 404,
    `after the backup a member joins (${late.status}), the team member is deleted (${removed.status}, photo ${gone.status}) and the uploads volume is lost`,
  );

  await runRecipe(restore);
  await waitFor(
    async () => (await fetch(`${base}/api/health`)).ok,
    30000,
    'nginx after the restore',
  );
  check(
    running.api.length === replicas && running.worker.length === 1,
    `docs/operations.md's ${restore.length} restore lines ran: ${replicas} API replicas and the worker are back`,
  );
  const restoredPhoto = await fetch(`${base}${photoUrl}`);
  const restoredBytes = Buffer.from(await restoredPhoto.arrayBuffer());
  check(
    restoredPhoto.ok && restoredBytes.equals(photo),
    `the restored photo is served with the same bytes: ${restoredPhoto.status}, ${restoredBytes.length} bytes`,
  );
  const team = await (await fetch(`${base}/api/team`)).json();
  check(
    team.some((row) => row._id === teamMember._id && row.profileImage === photoUrl),
    'the deleted team member is back with its photo',
  );
  const me = (bearer) =>
    fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${bearer}` } }).then(
      async (response) => ({ status: response.status, user: await response.json() }),
    );
  const kept = await me(member.token);
  check(
    kept.status === 200 && kept.user.email === member.email,
    `a session from before the backup still works: ${kept.status} ${kept.user.email}`,
  );
  const after = await me(lateMember.token);
  check(after.status === 401, `the member who joined after the backup is gone: ${after.status}`);
  // Straight to a replica as another client (nginx would send its address): this client's login
  // window is spent by the compose part's X-Forwarded-For check.
  const signIn = await postJson(
    `http://127.0.0.1:${ports[1]}/api/auth/login`,
    { email: member.email, password: member.password },
    { 'x-forwarded-for': '198.51.100.20' },
  );
  check(signIn.status === 200, `the member signs in to the restored deployment: ${signIn.status}`);
}
