import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Servers the tests start as processes (src/main.ts) open no metrics listener unless a test
    // asks for one: the default port, 9464, would be taken by the first of them.
    env: { METRICS_PORT: '0' },
  },
});
