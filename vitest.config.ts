import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The completion scripts are embedded as text, as scripts/build.mjs's esbuild text loader does.
  plugins: [
    {
      name: 'completion-scripts-as-text',
      load(id) {
        return /[\\/]completions[\\/](pwctl\.bash|_pwctl|pwctl\.fish)$/.test(id) ? `export default ${JSON.stringify(readFileSync(id, 'utf8'))};` : undefined;
      },
    },
  ],
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // e2e tests spawn the built CLI; two cores here, so keep the fan-out modest.
    maxWorkers: 2,
  },
});
