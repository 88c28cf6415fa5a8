// `npm run docs`: docs/commands.md from the built command declarations.
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { commandReference } = await import(pathToFileURL(resolve(ROOT, 'dist/cli.js')).href);
mkdirSync(resolve(ROOT, 'docs'), { recursive: true });
writeFileSync(resolve(ROOT, 'docs/commands.md'), await commandReference());
console.log('wrote docs/commands.md');
