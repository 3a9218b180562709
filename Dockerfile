# syntax=docker/dockerfile:1

# ---- build: install everything, generate the Prisma Client, compile TypeScript ----
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json prisma.config.ts ./
COPY scripts ./scripts
COPY prisma ./prisma
# postinstall runs `prisma generate` (scripts/prisma-generate.mjs) into src/generated/prisma.
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY public ./public
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# ---- run: the compiled server and its production dependencies only ----
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/.data/postgres
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
# The web page's files (served at / and /assets/).
COPY --from=build --chown=node:node /app/public ./public
# The migrations are applied by the server at start-up (src/store/migrate.ts), before it listens.
COPY --from=build --chown=node:node /app/prisma ./prisma
# Without DATABASE_URL the embedded Postgres keeps its data here: mount a volume to keep it.
RUN mkdir -p /app/.data && chown node:node /app/.data
VOLUME ["/app/.data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node runs as PID 1 (not under npm), so SIGTERM reaches the server's graceful shutdown.
CMD ["node", "dist/main.js"]
