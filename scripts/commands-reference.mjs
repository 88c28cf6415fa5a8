// `npm run docs`: the reference generated from the built command declarations — docs/commands.md,
// the man pages in man/ (the directory is written anew, so a removed command's page goes), and
// the lists between `<!-- generated: … -->` markers in the README and the guide pages.
// test/unit/generated-docs.test.ts fails when a committed copy is stale.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { generatedDocs } = createRequire(import.meta.url)(resolve(ROOT, 'dist/cli.cjs'));
const { files, fillRegions } = await generatedDocs();

rmSync(resolve(ROOT, 'man'), { recursive: true, force: true });
for (const [path, text] of Object.entries(files)) {
  mkdirSync(dirname(resolve(ROOT, path)), { recursive: true });
  writeFileSync(resolve(ROOT, path), text);
}
console.log(`wrote docs/commands.md and ${Object.keys(files).filter((p) => p.startsWith('man/')).length} man pages`);

/** The Markdown pages whose generated lists are filled in. */
const PAGES_WITH_REGIONS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs', 'guide'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/guide/${name}`),
];
for (const page of PAGES_WITH_REGIONS) {
  const before = readFileSync(resolve(ROOT, page), 'utf8');
  const after = fillRegions(before);
  if (after !== before) {
    writeFileSync(resolve(ROOT, page), after);
    console.log(`filled the generated lists of ${page}`);
  }
}
