// What the docs say that the code also says must not drift (issue 31): the generated reference
// (docs/commands.md, man/*.1), the lists filled between markers in the README and the guide
// pages (MCP tools, id kinds, exit codes, config keys), and the guide pages bundled for `pwctl
// help <topic>` are what `npm run docs` makes of the code now; the README's and the guide's
// links lead to files that exist; ARCHITECTURE's layer table is check-layers' LAYERS.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fillRegions } from '../../src/cli/doc-regions.js';
import { EXIT_CODES } from '../../src/cli/exit-codes.js';
import { TOPICS } from '../../src/cli/help-topics.js';
import { EXIT } from '../../src/cli/main.js';
import { COMMANDS } from '../../src/cli/program.js';
import { generatedDocs } from '../../src/cli/reference.js';
import { loadAll, namesOf, walkVerbs } from '../../src/commands/declare.js';
import { ID_KINDS } from '../../src/id-kinds.js';
import { allTools } from '../../src/mcp/catalog.js';
// @ts-expect-error a plain ES module script without types
import { LAYERS } from '../../scripts/check-layers.mjs';
// @ts-expect-error a plain ES module script without types
import { topicsModule, TOPICS_MODULE } from '../../scripts/help-topics.mjs';
import { ROOT } from '../helpers/cli.js';
import { CONTRACT_TOOLS } from '../helpers/contract.js';

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const GUIDE = readdirSync(join(ROOT, 'docs', 'guide'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/guide/${name}`);
const DESIGN = readdirSync(join(ROOT, 'docs', 'design'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/design/${name}`);
const MARKDOWN = ['README.md', 'docs/ARCHITECTURE.md', 'docs/CONTRIBUTING.md', ...GUIDE, ...DESIGN];
const docs = await generatedDocs();

describe('the generated reference is current (npm run docs)', () => {
  it('docs/commands.md and every man page are what the declarations make', () => {
    for (const [path, text] of Object.entries(docs.files)) expect(read(path), path).toBe(text);
  });

  it('man/ holds no page of a command that is gone', () => {
    const pages = readdirSync(join(ROOT, 'man')).map((name) => `man/${name}`);
    expect(pages.sort()).toEqual(
      Object.keys(docs.files)
        .filter((path) => path.startsWith('man/'))
        .sort(),
    );
  });

  it.each(['README.md', ...GUIDE])('%s: its generated lists are current', (page) => {
    expect(docs.fillRegions(read(page))).toBe(read(page));
  });

  it('src/cli/help-topics-text.ts holds the guide pages as they are', () => {
    expect(readFileSync(TOPICS_MODULE, 'utf8')).toBe(topicsModule());
    expect(Object.keys(TOPICS).sort()).toEqual(GUIDE.map((page) => page.slice('docs/guide/'.length, -3)).sort());
  });
});

describe('generated lists', () => {
  it('a stale list is rewritten, and a list of an unknown name is an error', () => {
    const page = '# x\n<!-- generated: id-kinds (npm run docs) -->\nsteps only\n<!-- end: id-kinds -->\n';
    expect(fillRegions(page, { 'id-kinds': 'all of them' })).toBe(
      '# x\n<!-- generated: id-kinds (npm run docs) -->\nall of them\n<!-- end: id-kinds -->\n',
    );
    expect(() => fillRegions(page, { other: '' })).toThrow(/no generated region named "id-kinds"/);
  });

  it('the agents page lists every MCP tool the server offers, read and write apart', async () => {
    const page = read('docs/guide/agents.md');
    const [read_, write] = page.split('\n').filter((line) => line.startsWith('| read') || line.startsWith('| write'));
    for (const tool of await allTools()) {
      expect(tool.writes ? write : read_, tool.name).toContain(`\`${tool.name}\``);
    }
    for (const tool of CONTRACT_TOOLS) expect(page).toContain(`\`${tool}\``);
  });

  it('the shell-completion page names every kind of id the cache keeps', () => {
    const page = read('docs/guide/shell-completion.md');
    for (const kind of ID_KINDS) expect(page).toContain(`\`${kind}\``);
  });

  it('the exit codes listed are the codes main.ts decides, each once', () => {
    expect(EXIT_CODES.map((e) => e.code)).toEqual([...new Set(Object.values(EXIT))].sort((a, b) => a - b));
  });
});

describe('the guide pages', () => {
  it('each is a topic that names no command, with a title', async () => {
    const names = new Set(
      (await loadAll(COMMANDS)).flatMap((c) => (c.kind === 'bound' ? namesOf(c.verb) : [c.name, ...(c.aliases ?? [])])),
    );
    for (const [topic, page] of Object.entries(TOPICS)) {
      expect(names.has(topic), `${topic} is a command: pwctl help ${topic} would not reach it`).toBe(false);
      expect(page, topic).toMatch(/^# \S/);
    }
    expect(names.has('topics')).toBe(false);
    // Every verb is walked (the names above are the top level only).
    expect([...walkVerbs(await loadAll(COMMANDS))].length).toBeGreaterThan(50);
  });

  it.each(MARKDOWN)('%s: every relative link leads to a file that exists', (page) => {
    const text = read(page)
      .replace(/```[\s\S]*?```/g, '')
      .replace(/`[^`\n]*`/g, '');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^(https?:|#|mailto:)/.test(target!)) continue;
      const file = resolve(ROOT, dirname(page), target!.split('#')[0]!);
      expect(existsSync(file), `${page} links to ${target}`).toBe(true);
    }
  });
});

describe('docs/ARCHITECTURE.md', () => {
  it('its table of layers is the one check-layers enforces', () => {
    const rows = read('docs/ARCHITECTURE.md')
      .split('## The shape')[1]!
      .split('Beside the code')[0]!
      .split('\n')
      .filter((line) => /^\| [a-z]/.test(line) && !line.startsWith('| layer'));
    const modules = rows.map((row) => [...row.split('|')[2]!.matchAll(/`([\w-]+)`/g)].map((m) => m[1]));
    expect(modules).toEqual(LAYERS);
  });
});
