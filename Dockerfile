# One image for the API (which also serves the web front ends) and the worker; the `console` target
# is the admin console on its own origin. `node scripts/test.mjs image` builds every target with
# Podman from a clean export of the commit (docs/adr/0048-real-containers.md). With Podman or
# Buildah, build with `--format docker`: the OCI format has no HEALTHCHECK.

# Every dependency, build tools included. Only the manifests are copied first, so a source change
# reuses this layer and its `npm ci` (keep the list in step with package.json's workspaces). No
# dependency's install script runs, whatever npm's default: each native one ships its binaries.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY backend/package.json backend/
COPY libs/api-client/package.json libs/api-client/
COPY libs/i18n/package.json libs/i18n/
COPY libs/session/package.json libs/session/
COPY libs/test-support/package.json libs/test-support/
COPY libs/ui/package.json libs/ui/
COPY shell/package.json shell/
COPY portal/package.json portal/
COPY admin-console/package.json admin-console/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
COPY tools/package.json tools/
RUN npm ci --ignore-scripts --no-audit --no-fund

# What runs: the backend's production dependencies only (no compilers, bundlers or test tools).
# npm keeps TypeScript, the optional peer of @nestjs/swagger's compiler plugin (a build-time tool
# the app never loads), because the workspace's build needs it; source maps, type declarations and
# Markdown are never read by a running app. Licences stay.
FROM deps AS runtime-deps
RUN npm ci --omit=dev --workspace=@diaspora/backend --ignore-scripts --no-audit --no-fund \
  && rm -rf node_modules/typescript \
  && find node_modules -type f \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.mts' \
    -o -name '*.d.cts' -o -name '*.md' \) ! -iname 'licen[cs]e*' -delete

# The built backend and web front ends.
FROM deps AS build
COPY . .
# PGlite's template is made owner-only; the runtime user copies it into /data (embedded database).
RUN npm run build && chmod -R a+rX backend/dist/pglite-template

# The admin console for its own origin (`docker compose --profile console`): the static build made
# with ADMIN_BASE=/, served by nginx with deploy/admin-console.nginx.conf. Built only for that target.
FROM build AS console-build
RUN ADMIN_BASE=/ npm run build -w @diaspora/admin-console -- --outDir /console --emptyOutDir

# The same nginx as docker-compose.yml's `web`.
FROM nginx:1.28 AS console
COPY deploy/admin-console.nginx.conf /etc/nginx/conf.d/default.conf
COPY --chmod=755 deploy/admin-console-config.sh /docker-entrypoint.d/40-admin-console-config.sh
COPY --from=console-build /console /usr/share/nginx/html

# The default target (keep it last): the API, which also serves the web front ends, and the worker.
FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=build /app/backend/package.json ./backend/package.json
COPY --from=build /app/backend/dist ./backend/dist
COPY --from=build /app/backend/drizzle ./backend/drizzle
COPY --from=build /app/shell/dist ./shell/dist
COPY --from=build /app/portal/dist ./portal/dist
COPY --from=build /app/admin-console/dist ./admin-console/dist
# The volume is created from this folder, so it must already belong to the user that writes uploads.
RUN mkdir -p "$DATA_DIR" && chown node:node "$DATA_DIR"
VOLUME /data
EXPOSE 3000
USER node
# Ready: migrated, seeded, reaching the database and not draining. The worker, which has no HTTP
# server, turns it off (docker-compose.yml).
HEALTHCHECK --interval=10s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "backend/dist/main.js"]
