import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // e2e tests spawn the built CLI; two cores here, so keep the fan-out modest.
    maxWorkers: 2,
  },
});
