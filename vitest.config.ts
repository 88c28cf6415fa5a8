import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const COMPLETIONS = resolve(dirname(fileURLToPath(import.meta.url)), 'completions');

export default defineConfig({
  // Files the build embeds as text (embeddedAsText in scripts/build-plugins.mjs) are text here too.
  plugins: [
    {
      // The completion scripts are imported as text, as the build does, so the CLI run
      // in-process prints them as the bundle does.
      name: 'completion-scripts-as-text',
      enforce: 'pre',
      load(id) {
        if (dirname(id) === COMPLETIONS) return `export default ${JSON.stringify(readFileSync(id, 'utf8'))};`;
      },
    },
    {
      name: 'inspector-page-as-text',
      // Before Vite's own handling of .css and .js files.
      enforce: 'pre',
      resolveId(source, importer) {
        if (!importer || !/^\.\/page\/[^/]+$/.test(source) || !/[\\/]webhooks[\\/]inspect[\\/]page\.ts$/.test(importer))
          return undefined;
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
    setupFiles: ['test/helpers/in-process-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Workers are processes (vitest's default pool, forks), not threads: the setup file's
    // changes to the environment must reach native code (the OS keyring library) too.
    pool: 'forks',
    // Most tests run the CLI in the worker itself and many wait on a server (retries,
    // deadlines, a listener, a child process): two workers more than the cores keep them busy
    // (on CI's two cores, four workers ran the suite in 83-87 s, three in 87-94 s).
    maxWorkers: availableParallelism() + 2,
    // Files in a worker share their modules, as the many runs of the CLI in one process do
    // (the CLI keeps no state between runs, test/unit/runs-share-nothing.test.ts): each file
    // no longer loads the source and its libraries again.
    isolate: false,
  },
});
