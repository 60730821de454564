// docs/operations.md's HTTPS recipe, replayed in a copy of the project beside the compose replay's .env: its
// certificate and .env lines run as they are, nginx restarts with docker-compose.tls.yml merged in
// (the replicas too, their PUBLIC_URL changed), and the redirect, certbot's webroot, HTTPS with
// HSTS and HTTP/2, a sign-in and the 413 over https are checked; certbot is played (a certificate
// issued, then renewed), its deploy hook run as written.
import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { once } from 'node:events';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import { dirname, join, resolve } from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import { parse as parseShell } from 'shell-quote';
import YAML from 'yaml';
import { mergeCompose } from '../nginx-check.mjs';
import { waitFor } from '../services.mjs';
import {
  bash,
  bashBlocks,
  check,
  commands,
  exchange,
  root,
  shellWord,
  socketTo,
  tooLarge,
} from './steps.mjs';

/**
 * docs/operations.md's HTTPS recipe: the lines of the first bash block of its "HTTPS" section, a line ending in
 * `\` joined with the next (blank lines and comments skipped).
 */
export function httpsRecipe(guide) {
  const [block] = bashBlocks(guide, '## HTTPS');
  const lines = commands((block ?? '').replace(/\\\n\s*/g, ''));
  if (lines.length === 0) throw new Error("docs/operations.md's HTTPS section lost its recipe");
  return lines;
}

/**
 * The words of a plain shell command: quotes removed, nothing expanded (`"cd $PWD"` stays
 * `cd $PWD`). A line with an operator, a redirection, a glob or a comment is not one.
 */
export function shellWords(line) {
  return parseShell(line, (name) => `$${name}`).map((word) => {
    if (typeof word !== 'string') throw new Error(`not a plain command: ${line}`);
    return word;
  });
}

/**
 * The compose files of a recipe's `docker compose [-f file]... up [options]` line: its `-f` files,
 * or else COMPOSE_FILE of .env (`:`-separated), or else docker-compose.yml.
 */
export function composeFiles(line, dotenv) {
  const [docker, compose, ...rest] = shellWords(line);
  if (docker !== 'docker' || compose !== 'compose') throw new Error(`not docker compose: ${line}`);
  const files = [];
  while (rest[0] === '-f' || rest[0] === '--file') files.push(rest.splice(0, 2)[1]);
  if (rest[0] !== 'up' || rest.slice(1).some((word) => !['-d', '--build'].includes(word))) {
    throw new Error(`the replay knows \`docker compose [-f file]... up [--build] [-d]\`: ${line}`);
  }
  if (files.length) return files;
  return dotenv.COMPOSE_FILE ? dotenv.COMPOSE_FILE.split(':') : ['docker-compose.yml'];
}

/** certbot's options that change nothing the replay checks (the account's, asking no questions). */
const CERTBOT_QUIET = ['--agree-tos', '--no-eff-email', '--non-interactive', '-n'];

/**
 * A recipe's `[sudo] certbot certonly --webroot -w <dir> -d <domain> --deploy-hook "<hook>"`: its
 * webroot, domains and hook (unexpanded). Any other option throws.
 */
export function certbotCommand(line) {
  const words = shellWords(line);
  if (words[0] === 'sudo') words.shift();
  if (words[0] !== 'certbot' || words[1] !== 'certonly') {
    throw new Error(`the replay knows \`certbot certonly\` only: ${line}`);
  }
  const found = { webroot: undefined, domains: [], hook: undefined };
  let authenticator;
  for (let i = 2; i < words.length; i++) {
    const word = words[i];
    if (word === '--webroot') authenticator = 'webroot';
    else if (word === '-w' || word === '--webroot-path') found.webroot = words[++i];
    else if (word === '-d' || word === '--domains') found.domains.push(...words[++i].split(','));
    else if (word === '--deploy-hook') found.hook = words[++i];
    else if (word === '-m' || word === '--email') i++;
    else if (!CERTBOT_QUIET.includes(word)) throw new Error(`certbot ${word} is not replayed`);
  }
  if (authenticator !== 'webroot' || !found.webroot) throw new Error(`certbot: no --webroot -w`);
  if (found.domains.length === 0 || !found.hook) {
    throw new Error('certbot: no -d or no --deploy-hook');
  }
  return found;
}

/**
 * certbot's deploy hook, `&&`-separated, as this replay runs it: `cd $PWD` (the project directory
 * when certbot was run: it runs its hook from its own directory, `/` under its timer) goes to
 * `pwd`, `cp -L <certificates> <folder>` copies from `letsencrypt` instead of /etc/letsencrypt,
 * and `docker compose exec web nginx -s reload` reloads the service's nginx (`{ reload: 'web' }`).
 * A copy without -L would copy live/'s links, which the container cannot follow: it throws, as
 * any other command does.
 */
export function translateDeployHook(hook, { pwd, letsencrypt }) {
  let cwd = '/';
  return hook.split('&&').map((command) => {
    const words = shellWords(command.trim());
    const fail = (why) => {
      throw new Error(`deploy hook: ${why}: ${command.trim()}`);
    };
    if (words[0] === 'cd') {
      if (words.length !== 2 || !/^\$\{?PWD\}?$/.test(words[1])) fail('cd $PWD only');
      cwd = pwd;
      return { cd: pwd };
    }
    if (words[0] === 'cp') {
      const options = words.slice(1).filter((word) => word.startsWith('-'));
      const paths = words.slice(1).filter((word) => !word.startsWith('-'));
      if (!options.includes('-L')) fail("cp without -L copies live/'s links");
      if (options.some((option) => option !== '-L') || paths.length < 2) {
        fail('cp -L <files> <folder>');
      }
      const files = paths.slice(0, -1).map((path) => {
        if (!path.startsWith('/etc/letsencrypt/')) fail(`${path} is not certbot's`);
        return join(letsencrypt, path.slice('/etc/letsencrypt/'.length));
      });
      return { cwd, shell: ['cp', '-L', ...files, paths.at(-1)].map(shellWord).join(' ') };
    }
    const [docker, compose, exec, ...rest] = words;
    if (docker === 'docker' && compose === 'compose' && exec === 'exec') {
      const service = rest.filter((word) => word !== '-T');
      if (service.join(' ') !== 'web nginx -s reload') {
        fail('only `web nginx -s reload` is replayed');
      }
      return { reload: 'web' };
    }
    return fail('not replayed');
  });
}

/**
 * An HTTP/1.1 request with node:http(s), no connection reused: `ca` and `servername` verify an
 * https server, `localAddress` picks the client's address.
 */
function call(url, { method = 'GET', headers = {}, body, ca, servername, localAddress } = {}) {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolveCall, reject) => {
    const request = client.request(
      target,
      { method, headers, ca, servername, localAddress, agent: false },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolveCall({
            status: response.statusCode,
            headers: response.headers,
            all: (name) =>
              response.rawHeaders.filter(
                (_, i) => i % 2 === 1 && response.rawHeaders[i - 1].toLowerCase() === name,
              ),
            text: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    request.on('error', reject);
    request.setTimeout(15000, () => request.destroy(new Error(`no answer from ${url}`)));
    request.end(body);
  });
}

/** The certificate a TLS server presents, verified against `ca` for `servername`. */
function presented(port, { ca, servername }) {
  return new Promise((resolvePeer, reject) => {
    const socket = tlsConnect({ host: '127.0.0.1', port, ca, servername }, () => {
      resolvePeer(socket.getPeerX509Certificate());
      socket.end();
    });
    socket.on('error', reject);
  });
}

/** The protocol an HTTP/2 client agrees on (ALPN), and the status of a GET over it. */
async function overHttp2(port, path, { ca, servername }) {
  const session = http2.connect(`https://127.0.0.1:${port}`, { ca, servername });
  try {
    await once(session, 'connect');
    const stream = session.request({ ':path': path, ':authority': servername });
    const [headers] = await once(stream, 'response');
    stream.resume();
    await once(stream, 'end');
    return { alpn: session.alpnProtocol, status: headers[':status'] };
  } finally {
    session.close();
  }
}

/**
 * What certbot leaves in /etc/letsencrypt (`letsencrypt` here) for a certificate it issued:
 * archive/<domain>/fullchain<N>.pem and privkey<N>.pem, live/<domain>/ links to the newest.
 * A self-signed certificate for `domain` stands for Let's Encrypt's; its PEM text.
 */
function certbotIssues(letsencrypt, domain, version) {
  const archive = join(letsencrypt, 'archive', domain);
  const live = join(letsencrypt, 'live', domain);
  mkdirSync(archive, { recursive: true });
  mkdirSync(live, { recursive: true });
  const [cert, key] = ['fullchain', 'privkey'].map((name) =>
    join(archive, `${name}${version}.pem`),
  );
  execFileSync(
    'openssl',
    [
      ...`req -x509 -newkey rsa:2048 -nodes -days 90 -subj /CN=${domain}`.split(' '),
      '-addext',
      `subjectAltName=DNS:${domain}`,
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  for (const name of ['fullchain', 'privkey']) {
    rmSync(join(live, `${name}.pem`), { force: true });
    symlinkSync(`../../archive/${domain}/${name}${version}.pem`, join(live, `${name}.pem`));
  }
  return readFileSync(cert, 'utf8');
}

/** The files a checkout holds that compose reads: the compose files and deploy/ (not what git ignores). */
function checkout() {
  const listed = execFileSync(
    'git',
    [
      'ls-files',
      '-z',
      '--cached',
      '--others',
      '--exclude-standard',
      '--',
      'docker-compose*.yml',
      'deploy',
    ],
    { cwd: root, encoding: 'utf8' },
  );
  return listed.split('\0').filter((file) => file && existsSync(join(root, file)));
}

/**
 * docs/operations.md's HTTPS recipe, in the operator's project directory: a checkout (the compose files and
 * deploy/) beside the .env the compose part wrote. Its mkdir, openssl and .env lines run as they
 * are, `docker compose up` starts what the compose files it names merge into, and the replay plays
 * certbot: the challenge in its webroot, then a certificate issued and renewed, each time handed
 * to its deploy hook (translateDeployHook). `context`: the `work` folder (the project directory),
 * the `guide` text, `readDotenv()` (its .env now), `up({ files, merged, env, project, nginxDir })`
 * (the deployment's `docker compose up`: the app and nginx started with the merged compose data).
 */
export async function httpsStep({ work, guide, readDotenv, up }) {
  for (const file of checkout()) {
    mkdirSync(dirname(join(work, file)), { recursive: true });
    copyFileSync(join(root, file), join(work, file));
  }
  // nginx's workers (nobody, when started by root) read the webroot below this folder, as the
  // image's nginx user reads the mounted one.
  chmodSync(work, 0o711);
  const letsencrypt = join(work, 'letsencrypt');

  /** `docker compose up`: the app recreated if its environment changed, nginx with the TLS site. */
  const composeUp = async (line) => {
    const env = readDotenv();
    const files = composeFiles(line, env);
    const merged = files
      .map((file) => YAML.parse(readFileSync(join(work, file), 'utf8'), { merge: true }))
      .reduce((merging, next) => mergeCompose(merging, next));
    const tlsWeb = await up({ files, merged, env, project: work, nginxDir: join(work, 'web-tls') });
    return { ...tlsWeb, env };
  };

  /** What the site answers once nginx serves HTTPS with the certificate in deploy/certs. */
  const checkHttps = async ({ listen, accessLog, env, published }) => {
    check(
      published.includes(80) && published.includes(443),
      `the web service publishes container ports ${published.join(', ')}`,
    );
    const host = new URL(env.PUBLIC_URL).host;
    const ca = readFileSync(join(work, 'deploy', 'certs', 'fullchain.pem'));
    const servername = /DNS:([^,\s]+)/.exec(new X509Certificate(ca).subjectAltName ?? '')?.[1];
    const secure = { ca, servername: servername ?? 'localhost' };
    const site = `https://127.0.0.1:${listen[443]}`;
    const plain = `http://127.0.0.1:${listen[80]}`;
    await waitFor(
      async () => (await call(`${site}/api/health`, secure)).status === 200,
      15000,
      'nginx over https',
    );

    const moved = await call(`${plain}/events?page=2`, { headers: { host } });
    check(
      moved.status === 301 && moved.headers.location === `https://${host}/events?page=2`,
      `plain HTTP to ${host}: ${moved.status} to ${moved.headers.location}`,
    );
    const hostless = await exchange(socketTo(listen[80]), 'GET /api/health HTTP/1.0\r\n\r\n');
    // nginx.conf's server takes it (and the API refuses it: HTTP/1.1 needs a Host).
    check(
      /^HTTP\/1\.1 [0-9]{3}/.test(hostless) && !/^HTTP\/1\.1 301/.test(hostless),
      `a request naming no host is not redirected: ${hostless.split('\r\n')[0]}`,
    );
    const secret = `tls-secret-${Date.now()}`;
    await call(`${plain}/reset-password?token=${secret}`, { headers: { host } });
    await waitFor(
      async () => readFileSync(accessLog, 'utf8').includes('/reset-password?[redacted]'),
      5000,
      "the redirect's access log line",
    );
    check(
      !readFileSync(accessLog, 'utf8').includes(secret),
      "the redirect's access log redacts ?token= too",
    );

    const page = await call(`${site}/`, secure);
    const hsts = page.all('strict-transport-security');
    check(
      page.status === 200 && /<html/i.test(page.text) && hsts.join() === 'max-age=31536000',
      `GET / over https, verified against the self-signed certificate (${secure.servername}): ` +
        `${page.status}, Strict-Transport-Security: ${hsts.join(' | ')}`,
    );
    const previewUrl = /<meta property="og:url" content="([^"]*)"/.exec(page.text)?.[1];
    check(
      previewUrl === `${env.PUBLIC_URL}/`,
      `the page's link preview is at PUBLIC_URL from .env: ${previewUrl}`,
    );
    const h2 = await overHttp2(listen[443], '/api/health', secure);
    check(h2.alpn === 'h2' && h2.status === 200, `HTTP/2 (ALPN ${h2.alpn}): ${h2.status}`);
    // From another client address: this one's login window is spent by the compose part's
    // X-Forwarded-For check.
    const login = await call(`${site}/api/auth/login`, {
      ...secure,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }),
      localAddress: '127.0.0.2',
    });
    const signedIn = login.status === 200 ? JSON.parse(login.text) : {};
    check(
      signedIn.user?.role === 'admin',
      `the admin signs in over https: ${login.status} ${signedIn.user?.role}`,
    );
    const refusedTls = await tooLarge(listen[443], secure);
    check(
      refusedTls.ok && /^strict-transport-security: max-age=31536000\r?$/im.test(refusedTls.head),
      `a body over nginx's limit over https: 413 ${refusedTls.refused.code}, with HSTS`,
    );
  };

  /** certbot, played: its challenge over plain HTTP, then issuing and renewing with the hook. */
  const certbot = async (line, nginx) => {
    const { webroot, domains, hook } = certbotCommand(line);
    const [domain] = domains;
    const webrootHere = resolve(work, webroot);
    if (!existsSync(webrootHere)) {
      throw new Error(`certbot: ${webroot} does not exist or is not a directory`);
    }
    const token = `replay-${Date.now()}`;
    const challenges = join(webrootHere, '.well-known', 'acme-challenge');
    mkdirSync(challenges, { recursive: true });
    writeFileSync(join(challenges, token), `${token}.key-authorization`);
    const challenge = await call(
      `http://127.0.0.1:${nginx.listen[80]}/.well-known/acme-challenge/${token}`,
      { headers: { host: domain } },
    );
    check(
      challenge.status === 200 && challenge.text === `${token}.key-authorization`,
      `certbot's challenge in ${webroot} answers http://${domain}/.well-known/acme-challenge/: ${challenge.status}`,
    );
    rmSync(join(challenges, token));
    for (const [version, what] of [
      [1, 'issued'],
      [2, 'renewed'],
    ]) {
      const pem = certbotIssues(letsencrypt, domain, version);
      for (const step of translateDeployHook(hook, { pwd: work, letsencrypt })) {
        if (step.reload) {
          console.log('  here: nginx -s reload');
          nginx.reload();
        } else if (step.shell) {
          console.log(`  here (in ${step.cwd}): ${step.shell}`);
          bash(step.shell, step.cwd);
        }
      }
      const copied = join(work, 'deploy', 'certs', 'fullchain.pem');
      check(
        !lstatSync(copied).isSymbolicLink() && readFileSync(copied, 'utf8') === pem,
        `the deploy hook copied the ${what} certificate into deploy/certs`,
      );
      const expected = new X509Certificate(pem).fingerprint256;
      const served = await waitFor(
        async () => {
          const peer = await presented(nginx.listen[443], { ca: pem, servername: domain });
          return peer.fingerprint256 === expected && peer;
        },
        10000,
        `nginx to serve the ${what} certificate`,
      );
      // A worker of the old configuration may still take a connection or two while it drains.
      const health = await waitFor(
        async () =>
          call(`https://127.0.0.1:${nginx.listen[443]}/api/health`, {
            ca: pem,
            servername: domain,
          }),
        10000,
        `a request over the ${what} certificate`,
      );
      check(
        health.status === 200,
        `after the reload nginx serves the ${what} certificate (${served.subject.trim()}): ${health.status}`,
      );
    }
  };

  let tlsWeb;
  for (const line of httpsRecipe(guide)) {
    console.log(`$ ${line}`);
    if (/^docker\s/.test(line)) {
      tlsWeb = await composeUp(line);
      await checkHttps(tlsWeb);
    } else if (/^(sudo\s+)?certbot\s/.test(line)) {
      if (!tlsWeb) throw new Error('HTTPS recipe: certbot before nginx serves its webroot');
      await certbot(line, tlsWeb);
    } else if (/^(mkdir|openssl|echo) /.test(line)) {
      // openssl's progress dots on stderr are shown only when the line fails.
      try {
        bash(line, work, ['ignore', 'inherit', 'pipe']);
      } catch (error) {
        throw new Error(`HTTPS recipe: ${line}: ${error.stderr}`, { cause: error });
      }
    } else {
      throw new Error(`HTTPS recipe: not replayed: ${line}`);
    }
  }
  check(Boolean(tlsWeb), "docs/operations.md's HTTPS recipe ran");
}
