import { defineConfig } from 'prisma/config';

// The CLI's view of the project. The server itself never runs the CLI: it applies
// prisma/migrations at start-up with src/store/migrate.ts, keeping Prisma's own bookkeeping, so
// `prisma migrate deploy` also works where the schema engine can be downloaded.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/postgres' },
});
