# One image for the API (which also serves the web front ends) and the worker.
# `node scripts/test.mjs image` replays these steps without Docker: it reads this file, so keep to
# FROM, WORKDIR, ENV, COPY [--from], RUN, VOLUME, EXPOSE, USER and an exec-form CMD.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build
# What runs: the backend's production dependencies only (no compilers, bundlers or test tools).
RUN npm ci --omit=dev --workspace=@diaspora/backend --no-audit --no-fund

# The admin console for its own origin (`docker compose --profile console`): the static build made
# with ADMIN_BASE=/, served by nginx with deploy/admin-console.nginx.conf. Built only for that target.
FROM build AS console-build
RUN ADMIN_BASE=/ npm run build -w @diaspora/admin-console -- --outDir /console --emptyOutDir

FROM nginx:1.27 AS console
COPY deploy/admin-console.nginx.conf /etc/nginx/conf.d/default.conf
COPY --chmod=755 deploy/admin-console-config.sh /docker-entrypoint.d/40-admin-console-config.sh
COPY --from=console-build /console /usr/share/nginx/html

# The default target (keep it last): the API, which also serves the web front ends, and the worker.
FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
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
CMD ["node", "backend/dist/main.js"]
