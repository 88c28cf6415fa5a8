import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const COMPLETIONS = resolve(dirname(fileURLToPath(import.meta.url)), 'completions');

export default defineConfig({
  plugins: [
    {
      // The completion scripts are imported as text, as the build's esbuild text loader does
      // (scripts/build.mjs), so the CLI run in-process prints them as the bundle does.
      name: 'completion-scripts-as-text',
      enforce: 'pre',
      load(id) {
        if (dirname(id) === COMPLETIONS) return `export default ${JSON.stringify(readFileSync(id, 'utf8'))};`;
      },
    },
  ],
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/helpers/in-process-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // e2e tests spawn the built CLI; two cores here, so keep the fan-out modest.
    maxWorkers: 2,
  },
});
