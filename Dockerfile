# One image for the API (which also serves the web front ends) and the worker.
# `node scripts/test.mjs image` replays these steps without Docker: it reads this file, so keep to
# FROM, WORKDIR, ENV, COPY [--from], RUN, VOLUME, EXPOSE, USER and an exec-form CMD.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build
# What runs: the backend's production dependencies only (no compilers, bundlers or test tools).
RUN npm ci --omit=dev --workspace=@diaspora/backend --no-audit --no-fund

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
