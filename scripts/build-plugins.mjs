// The build's Rolldown plugins for modules (scripts/build.mjs): what pwctl asks of the bundle
// beyond bundling — built-ins that cost only what is used, lazy stand-ins for modules
// libraries load and never use, and files embedded as text. The plugins for the chunks
// Rolldown writes are in scripts/build-output-plugins.mjs.
import { readFile } from 'node:fs/promises';
import { sep } from 'node:path';
import { parseAst } from 'rolldown/parseAst';

// Node's built-in modules are loaded with process.getBuiltinModule(), not an ES import:
// importing a built-in builds its module namespace, which reads every export, lazy ones
// included (fs.promises, and from Node 22 util's and http's getters), and that loads dozens
// of Node's internal modules (fs/promises, readline, tls, crypto, its own fetch) a command
// never uses. Each import of a built-in becomes a module of its own that takes exactly the
// names that import asks for; it lands in its importer's chunk.
const BUILTIN = '\0node-builtin:';

export function builtinsThroughGetBuiltinModule() {
  const importsOf = new Map(); // importer → Map(builtin → { names, namespace })
  return {
    name: 'builtins-through-get-builtin-module',
    resolveId: {
      filter: { id: /^node:/ },
      handler(source, importer, { kind }) {
        // Only for files: not for the re-export a namespace import becomes below (that one is
        // Node's module itself), nor Rolldown's runtime.
        if (kind !== 'import-statement' || !importer || importer.startsWith('\0')) return null;
        return `${BUILTIN}${source}|${importer}`;
      },
    },
    load: { filter: { id: /^\0node-builtin:/ }, handler: loadBuiltin },
  };

  async function loadBuiltin(id) {
    const [builtin, importer] = id.slice(BUILTIN.length).split('|');
    if (!importsOf.has(importer)) importsOf.set(importer, builtinImports(await readFile(importer, 'utf8'), importer));
    const { names, namespace } = importsOf.get(importer).get(builtin) ?? { names: new Set(), namespace: false };
    // A namespace import takes Node's module itself, default export included (a library may import both ways).
    if (namespace)
      return `export * from ${JSON.stringify(builtin)};\nexport { default } from ${JSON.stringify(builtin)};`;
    return [
      `const m = process.getBuiltinModule(${JSON.stringify(builtin)});`,
      'export default m;',
      ...[...names].map((name) => `export const ${name} = m.${name};`),
    ].join('\n');
  }
}

/** The names each `import … from 'node:…'` of a module takes (types left out), by built-in. */
export function builtinImports(code, filename) {
  const found = new Map();
  for (const node of parseAst(code, { sourceType: 'module', lang: /\.[cm]?ts$/.test(filename) ? 'ts' : 'js' }, filename)
    .body) {
    if (node.type !== 'ImportDeclaration' || node.importKind === 'type' || !node.source.value.startsWith('node:'))
      continue;
    const entry = found.get(node.source.value) ?? { names: new Set(), namespace: false };
    for (const specifier of node.specifiers) {
      if (specifier.type === 'ImportNamespaceSpecifier') entry.namespace = true;
      else if (specifier.type === 'ImportSpecifier' && specifier.importKind !== 'type')
        entry.names.add(specifier.imported.name ?? specifier.imported.value);
    }
    found.set(node.source.value, entry);
  }
  return found;
}

// commander requires node:child_process at load time for executable subcommands, which
// pwctl never uses; loading it (and dgram, net…) is paid by every start. Give commander a
// stand-in that loads the real module on first property access.
export function lazyChildProcessForCommander() {
  const ID = '\0pwctl-lazy:child_process';
  return {
    name: 'lazy-child-process-for-commander',
    resolveId: {
      filter: { id: /^(node:)?child_process$/ },
      handler: (_, importer) => (/[\\/]commander[\\/]/.test(importer ?? '') ? ID : null),
    },
    load: {
      filter: { id: /^\0pwctl-lazy:child_process$/ },
      handler: () =>
        "let real; module.exports = new Proxy({}, { get: (_, key) => (real ??= process.getBuiltinModule('node:child_process'))[key] });",
    },
  };
}

// The MCP SDK's server imports ajv and ajv-formats at load, for a default JSON Schema
// validator that `pwctl mcp` replaces with its own (src/mcp/arguments.ts, which loads ajv at
// the first tool call). Evaluating ajv is paid before the answer to `initialize`; give the
// SDK stand-ins that load the real module when first used (they never are).
export function lazyAjvForMcpSdk() {
  const PREFIX = '\0pwctl-lazy-ajv:';
  return {
    name: 'lazy-ajv-for-mcp-sdk',
    resolveId: {
      filter: { id: /^ajv(-formats)?$/ },
      async handler(source, importer, options) {
        if (!/[\\/]@modelcontextprotocol[\\/]sdk[\\/]/.test(importer ?? '')) return null;
        // The module the SDK would have had, which its stand-in requires.
        const real = await this.resolve(source, importer, { ...options, skipSelf: true });
        return real ? `${PREFIX}${real.id}` : null;
      },
    },
    load: {
      filter: { id: /^\0pwctl-lazy-ajv:/ },
      handler: (id) => `let real; const load = () => (real ??= require(${JSON.stringify(id.slice(PREFIX.length))}));
const value = () => load().default ?? load();
module.exports = new Proxy(function () {}, {
  get: (_, key) => (key === '__esModule' ? undefined : load()[key]),
  construct: (_, a) => new (value())(...a),
  apply: (_, self, a) => value().apply(self, a),
});`,
    },
  };
}

/** Every file directly in `dir` is imported as its text (its default export). */
export function embeddedAsText(dir) {
  return {
    name: `text:${dir}`,
    load: {
      filter: { id: new RegExp(`^${escapeRegExp(dir.split(sep).join('/'))}/[^/]+$`) },
      handler: async (id) => ({ code: await readFile(id, 'utf8'), moduleType: 'text' }),
    },
  };
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
