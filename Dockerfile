# One image for the API (which also serves the web front ends) and the worker.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build

# The admin console for its own origin (`docker compose --profile console`): the static build made
# with ADMIN_BASE=/, served by nginx with deploy/admin-console.nginx.conf. Built only for that target.
FROM build AS console-build
RUN ADMIN_BASE=/ npm run build -w @diaspora/admin-console -- --outDir /console --emptyOutDir

FROM nginx:1.27 AS console
COPY deploy/admin-console.nginx.conf /etc/nginx/conf.d/default.conf
COPY --chmod=755 deploy/admin-console-config.sh /docker-entrypoint.d/40-admin-console-config.sh
COPY --from=console-build /console /usr/share/nginx/html

# The default target (keep it last): the API, which also serves the web front ends, and the worker.
FROM node:20-bookworm-slim
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
RUN mkdir -p /data && chown node:node /data
VOLUME /data
EXPOSE 3000
USER node
CMD ["node", "backend/dist/main.js"]
