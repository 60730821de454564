# One image for the API (which also serves the web front ends) and the worker; the `console` target
# is the admin console on its own origin. `node scripts/test.mjs image` builds every target with
# Podman from a clean export of the commit (docs/adr/0048-real-containers.md). With Podman or
# Buildah, build with `--format docker`: the OCI format has no HEALTHCHECK.

# The workspaces' manifests alone (every package.json outside node_modules, and the lock), so the
# `npm ci` below runs again only when one of them changes, whatever else a change touches.
FROM node:24-bookworm-slim AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
  && find . -name node_modules -prune -o \( -name package.json -o -name package-lock.json \) -print \
  | tar -cf - -T - | tar -xf - -C /manifests

# Every dependency, build tools included. No dependency's install script runs, whatever npm's
# default: each native one ships its binaries.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY --from=manifests /manifests ./
RUN npm ci --ignore-scripts --no-audit --no-fund

# The backend built from its own files only, so a change to a front end keeps this stage, and one to
# the backend keeps the front ends'. Its `npm run build`: SWC with the options the tests compile
# with (seconds where tsc took minutes on a loaded machine; the types are `npm run typecheck`'s and
# CI's), then PGlite's template, made owner-only; the runtime user copies it into /data.
FROM deps AS backend-build
COPY tsconfig.base.json ./
COPY backend backend
WORKDIR /app/backend
RUN node build.mjs && node dist/db/pglite-template.cli.js \
  && chmod -R a+rX dist/pglite-template

# The web front ends and the libraries they share. Nx's cache is kept between builds (a cache mount,
# not a layer): a change to one front end rebuilds that one and restores the others.
FROM deps AS web-build
COPY tsconfig.base.json nx.json ./
COPY libs libs
COPY shell shell
COPY portal portal
COPY admin-console admin-console
# Their builds are gathered in /web for the production stage to take in one copy.
RUN --mount=type=cache,id=diaspora-nx,target=/app/.nx \
  npx nx run-many -t build --exclude=@diaspora/backend --outputStyle=static \
  && for app in shell portal admin-console; do mkdir -p "/web/$app" && cp -a "$app/dist" "/web/$app/"; done

# The admin console for its own origin (`docker compose --profile console`): the static build made
# with ADMIN_BASE=/, served by nginx with deploy/admin-console.nginx.conf. Built only for that target.
FROM web-build AS console-build
RUN ADMIN_BASE=/ npm run build -w @diaspora/admin-console -- --outDir /console --emptyOutDir

# The same nginx as docker-compose.yml's `web`.
FROM nginx:1.28 AS console
COPY deploy/admin-console.nginx.conf /etc/nginx/conf.d/default.conf
COPY --chmod=755 deploy/admin-console-config.sh /docker-entrypoint.d/40-admin-console-config.sh
COPY --from=console-build /console /usr/share/nginx/html

# What runs: Node with the backend's production dependencies only (no compilers, bundlers or test
# tools), installed here rather than copied from another stage: Buildah copies a COPY's files to
# check its cache, about 20 s for these on a loaded machine, while a RUN is checked by its command
# alone (and reruns when the manifests do). npm's cache is a cache mount, kept between builds and
# out of the image (Buildah 1.28 cannot bind-mount the deps stage's own cache). npm keeps TypeScript, the optional peer of @nestjs/swagger's compiler plugin (a
# build-time tool the app never loads); source maps, type declarations and Markdown are never read
# by a running app. Licences stay.
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
# The volume is created from this folder, so it must already belong to the user that writes uploads.
RUN mkdir -p "$DATA_DIR" && chown node:node "$DATA_DIR"
COPY --from=manifests /manifests ./
RUN --mount=type=cache,id=diaspora-npm,target=/root/.npm \
  npm ci --omit=dev --workspace=@diaspora/backend --ignore-scripts --no-audit --no-fund \
  && rm -rf node_modules/typescript \
  && find node_modules -type f \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.mts' \
    -o -name '*.d.cts' -o -name '*.md' \) ! -iname 'licen[cs]e*' -delete

# The default target (keep it last): the API, which also serves the web front ends, and the worker.
# Settings first and the files last, the ones that change least often first: a rebuild after a
# source change writes only the last layers.
FROM runtime
VOLUME /data
EXPOSE 3000
# Ready: migrated, seeded, reaching the database and not draining. The worker, which has no HTTP
# server, turns it off (docker-compose.yml).
HEALTHCHECK --interval=10s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "backend/dist/main.js"]
COPY backend/drizzle ./backend/drizzle
COPY --from=web-build /web ./
COPY --from=backend-build /app/backend/dist ./backend/dist
# The commit built (`--build-arg APP_COMMIT=$(git rev-parse HEAD)`), which the admin console's
# System view shows; last, so another commit rebuilds no layer but these.
ARG APP_COMMIT
LABEL org.opencontainers.image.revision=$APP_COMMIT
ENV APP_COMMIT=$APP_COMMIT
USER node
