// Lists in the docs that must not drift from the code — the MCP tools, the kinds of id shell
// completion remembers, the exit codes, the config keys — are written between markers in
// the Markdown and filled from the declarations by `npm run docs`:
//
//   <!-- generated: mcp-tools (npm run docs) -->
//   …
//   <!-- end: mcp-tools -->
//
// test/unit/generated-docs.test.ts fails when a committed page's region is not what this makes.
import { loadAll, toolNameOf, walkVerbs, type TopLevel } from '../commands/declare.js';
import { CONFIG_KEYS } from '../config/keys.js';
import { ID_KINDS } from '../id-kinds.js';
import { EXIT_CODES } from './exit-codes.js';

const REGION = /(<!-- generated: ([\w-]+)[^\n]*-->\n)[\s\S]*?(<!-- end: \2 -->)/g;

/** Every region's text, by name. `commands`: the program's commands (the MCP tools come from their declarations). */
export async function docRegions(commands: readonly TopLevel[]): Promise<Record<string, string>> {
  const tools = [...walkVerbs(await loadAll(commands))].flatMap(({ path, bound }) => {
    const name = toolNameOf(path, bound.verb);
    return name === undefined ? [] : [{ name, writes: bound.verb.effects.writes === true }];
  });
  const code = (names: readonly string[]) => names.map((n) => `\`${n}\``).join(', ');
  return {
    'mcp-tools': [
      '| tools | |',
      '|---|---|',
      `| read (always offered) | ${code(tools.filter((t) => !t.writes).map((t) => t.name))} |`,
      `| write (\`--allow-writes\`) | ${code(tools.filter((t) => t.writes).map((t) => t.name))} |`,
    ].join('\n'),
    'id-kinds': `Kinds of id remembered, one file each: ${code(ID_KINDS)}.`,
    'exit-codes': [
      '| code | meaning |',
      '|---|---|',
      ...EXIT_CODES.map((e) => `| ${e.code} | ${e.meaning.replaceAll('|', '\\|')} |`),
    ].join('\n'),
    'config-keys': [
      '| key | meaning |',
      '|---|---|',
      ...CONFIG_KEYS.map((k) => `| \`${k.name}\` | ${k.description.replaceAll('|', '\\|')} |`),
    ].join('\n'),
  };
}

/** `markdown` with each region's text replaced by what `regions` holds for it; an unknown region name throws. */
export function fillRegions(markdown: string, regions: Readonly<Record<string, string>>): string {
  return markdown.replace(REGION, (_, start: string, name: string, end: string) => {
    const text = regions[name];
    if (text === undefined)
      throw new Error(`no generated region named ${JSON.stringify(name)}; known: ${Object.keys(regions).join(', ')}`);
    return `${start}${text}\n${end}`;
  });
}
