import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The completion scripts and the inspector page's files are embedded as text, as
  // scripts/build.mjs's esbuild text loader does.
  plugins: [
    {
      name: 'completion-scripts-as-text',
      load(id) {
        return /[\\/]completions[\\/](pwctl\.bash|_pwctl|pwctl\.fish)$/.test(id) ? `export default ${JSON.stringify(readFileSync(id, 'utf8'))};` : undefined;
      },
    },
    {
      name: 'inspector-page-as-text',
      // Before Vite's own handling of .css and .js files.
      enforce: 'pre',
      resolveId(source, importer) {
        if (!importer || !/^\.\/page\/[^/]+$/.test(source) || !/[\\/]webhooks[\\/]inspect[\\/]page\.ts$/.test(importer)) return undefined;
        // An id that ends in no extension, so no other plugin takes it for CSS or JavaScript.
        return `\0inspector-page:${resolve(dirname(importer), source)}:text`;
      },
      load(id) {
        const file = /^\0inspector-page:(.*):text$/.exec(id)?.[1];
        return file === undefined ? undefined : `export default ${JSON.stringify(readFileSync(file, 'utf8'))};`;
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
