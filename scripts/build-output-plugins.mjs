// The build's Rolldown plugins for the chunks it writes (scripts/build.mjs): CommonJS wrappers
// V8 parses once, and Rolldown's runtime helpers in the chunks that use them rather than in a
// file every command line would load.
import { readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { parseAst } from 'rolldown/parseAst';

// Rolldown wraps each bundled CommonJS module in an arrow function, `__commonJSMin((exports,
// module) => {…})`. V8 compiles that parenthesised arrow at once, as it should a wrapper that
// runs at load, but then parses the functions inside it again and again: commander's methods
// were parsed twice, some five times (`node --log-function-events`), and `--help` took about 3%
// more instructions on Node 20, which has no compile cache. Inside a parenthesised `function`
// expression they are parsed once. So the wrappers become `function` expressions; nothing in
// a CommonJS module's top level can tell (its `this` is undefined either way, and top-level
// `arguments` means the wrapper's arguments in Node too). The chunk is not minified yet: each
// wrapper's head is a line of its own that Rolldown wrote (found by its whole text, no parse
// of megabytes of library code), so no mapped code moves and the source maps stay as they are.
const WRAPPER_HEAD = /^(var [\w$]+ = (?:\/\* @__PURE__ \*\/ )?__commonJSMin\(\()\(([\w$, ]*)\) => \{$/gm;

export function commonJsWrappersAsFunctions() {
  return {
    name: 'commonjs-wrappers-as-functions',
    renderChunk(code) {
      if (!code.includes('__commonJSMin(')) return null;
      return { code: code.replace(WRAPPER_HEAD, '$1function ($2) {'), map: null };
    },
  };
}

// Rolldown ends each chunk with its exports, one statement each: `exports.main = main;` in an
// entry, and in a shared chunk a getter per name, `Object.defineProperty(exports, 'x', { get:
// function () { return x; } })`, whether or not `x` can change. Adding 200 properties one by
// one to an object walks V8 through 200 hidden classes, and a getter is a closure more and a
// call at every use: about 2 M instructions of a `steps get` (1.3%). So the block becomes one
// object literal, `module.exports = { __proto__: exports, main, x, … }`, whose shape V8 makes
// once; a name bound to something that can change (a `let` or `var` assigned again) keeps a
// getter in it. The old exports object is its prototype, so what was set on it before (the
// entry's Symbol.toStringTag) still reads. A chunk's exports are read only after the chunk
// has run (no static require() cycles: scripts/check-bundle.mjs), so replacing the object is
// safe. Only the chunk's last lines change, which no source maps to.
export function exportsAsOneObject() {
  return {
    name: 'exports-as-one-object',
    renderChunk(code, chunk) {
      // The runtime helpers' chunk is taken apart by its export statements, and not written.
      if (isRuntimeChunk(chunk)) return null;
      const program = parseAst(code, { sourceType: 'script' });
      const exported = trailingExports(program.body);
      if (exported.statements === 0) return null;
      const changeable = reassignedNames(program);
      const start = program.body[program.body.length - exported.statements].start;
      const end = program.body[program.body.length - 1].end;
      const properties = exported.items.map(({ name, value, getter }) => {
        const text = code.slice(value.start, value.end);
        const fixed =
          !getter || value.type === 'Literal' || (value.type === 'Identifier' && !changeable.has(value.name));
        const key = /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
        return fixed ? `${key}: ${text}` : `get ${key}() { return ${text}; }`;
      });
      const object = `module.exports = { __proto__: exports, ${properties.join(', ')} };`;
      return { code: code.slice(0, start) + object + code.slice(end), map: null };
    },
  };
}

/** The export statements that end a chunk: how many, and each name with its value (and whether Rolldown made it a getter). */
function trailingExports(body) {
  const items = [];
  let statements = 0;
  for (let i = body.length - 1; i >= 0; i--) {
    const node = body[i];
    const expressions =
      node.type !== 'ExpressionStatement'
        ? []
        : node.expression.type === 'SequenceExpression'
          ? node.expression.expressions
          : [node.expression];
    const found = expressions.map(exportOf);
    if (found.length === 0 || found.includes(undefined)) break;
    items.unshift(...found);
    statements++;
  }
  return { items, statements };
}

/** `exports.x = value` or `Object.defineProperty(exports, 'x', { enumerable: true, get: function () { return value; } })`. */
function exportOf(node) {
  if (
    node.type === 'AssignmentExpression' &&
    node.operator === '=' &&
    node.left.type === 'MemberExpression' &&
    node.left.object.name === 'exports' &&
    !node.left.computed
  )
    return { name: node.left.property.name, value: node.right, getter: false };
  const [target, key, descriptor] = node.type === 'CallExpression' ? node.arguments : [];
  const callee = node.callee;
  if (
    callee?.type !== 'MemberExpression' ||
    callee.object.name !== 'Object' ||
    callee.property.name !== 'defineProperty' ||
    target?.name !== 'exports' ||
    typeof key?.value !== 'string' ||
    descriptor?.type !== 'ObjectExpression'
  )
    return undefined;
  const keys = descriptor.properties.map((p) => p.key?.name);
  const getter = descriptor.properties.find((p) => p.key?.name === 'get')?.value;
  const statements = getter?.body?.body;
  if (keys.join() !== 'enumerable,get' || statements?.length !== 1 || statements[0].type !== 'ReturnStatement')
    return undefined;
  return { name: key.value, value: statements[0].argument, getter: true };
}

/** Every name a chunk assigns to or updates anywhere (by name alone: a shadowing local counts too, which only keeps a getter). */
function reassignedNames(program) {
  const names = new Set();
  const targets = (pattern) => patternNames(pattern, names);
  const visit = (node) => {
    if (Array.isArray(node)) for (const item of node) visit(item);
    else if (node && typeof node === 'object') {
      if (node.type === 'AssignmentExpression') targets(node.left);
      else if (node.type === 'UpdateExpression' && node.argument.type === 'Identifier') names.add(node.argument.name);
      else if (
        (node.type === 'ForOfStatement' || node.type === 'ForInStatement') &&
        node.left.type !== 'VariableDeclaration'
      )
        targets(node.left);
      else if (node.type === 'VariableDeclaration' && node.kind !== 'const')
        // A `let` or `var` declared without a value, or declared twice, is given one later.
        for (const declarator of node.declarations) if (!declarator.init) patternNames(declarator.id, names);
      for (const key in node) if (key !== 'type' && typeof node[key] === 'object') visit(node[key]);
    }
  };
  visit(program.body);
  return names;
}

// Rolldown's runtime helpers (CommonJS interop, the namespace object of a module that is
// also import()ed) are one module, which Rolldown puts in a chunk of its own when more than
// one chunk uses them and no chunk that all of those load can take it in: here the completer
// (which TAB loads without dist/cli.cjs) and the libraries' chunks all use it, so every
// command line would load one file more for 1.5 kB of helpers (Rolldown issue #2654 asks for
// the same). They hold no state — each call makes its own wrapper, module or namespace
// object — so each chunk that uses them gets its own copy instead, on a line of its own above
// the chunk's first (so its source map only gains an empty line), and its require() of the
// helpers' chunk becomes, in place and padded to the same length, an object of those copies;
// the helpers' chunk is not written.
const RUNTIME_OBJECT = '__rolldown_runtime';

export function runtimeHelpersInEachChunk() {
  const shifted = [];
  return {
    name: 'runtime-helpers-in-each-chunk',
    generateBundle(_options, bundle) {
      shifted.length = 0;
      const runtime = Object.values(bundle).find((file) => file.type === 'chunk' && isRuntimeChunk(file));
      if (!runtime) return;
      const { exports: exported, helpers } = runtimeParts(runtime.code);
      const name = basename(runtime.fileName).replaceAll('.', '\\.');
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.imports.includes(runtime.fileName)) continue;
        // Rolldown writes `const require_rolldown_runtime=require("./chunks/rolldown-runtime-….cjs")`.
        const required = new RegExp(`([\\w$]+)=require\\("(?:\\.{1,2}/)+(?:chunks/)?${name}"\\)`).exec(chunk.code);
        if (!required) throw new Error(`build: no require() of ${runtime.fileName} in ${chunk.fileName}`);
        const [statement, local] = required;
        const used = new Set(
          [...chunk.code.matchAll(new RegExp(`(?<![\\w$])${local.replaceAll('$', '\\$')}\\.([\\w$]+)`, 'g'))].map(
            (m) => m[1],
          ),
        );
        const locals = [...used].map((key) => {
          const helper = exported.get(key);
          if (!helper) throw new Error(`build: ${chunk.fileName} uses ${key}, not a runtime helper`);
          return [key, helper];
        });
        const replacement = `${local}=${RUNTIME_OBJECT}`;
        let code = chunk.code;
        code =
          code.slice(0, required.index) +
          replacement.padEnd(statement.length) +
          code.slice(required.index + statement.length);
        const { code: copied, names } = helpers(locals.map(([, helper]) => helper));
        assertNoClash(chunk, code, [...names, RUNTIME_OBJECT]);
        const object = `var ${RUNTIME_OBJECT}={${locals.map(([key, helper]) => `${key}:${helper}`).join(',')}};`;
        chunk.code = `${copied}${object}\n${code}`;
        shifted.push(chunk.fileName);
        chunk.imports = chunk.imports.filter((file) => file !== runtime.fileName);
      }
      delete bundle[runtime.fileName];
      delete bundle[`${runtime.fileName}.map`];
    },
    // Rolldown keeps a map changed in generateBundle only when it does not minify: each
    // shifted chunk's written map gains its empty first line here.
    async writeBundle({ dir }) {
      for (const fileName of shifted) {
        const file = join(dir, `${fileName}.map`);
        const map = JSON.parse(await readFile(file, 'utf8'));
        await writeFile(file, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
      }
    },
  };
}

/** Whether a chunk is Rolldown's runtime helpers' alone. */
function isRuntimeChunk(chunk) {
  return chunk.moduleIds.length === 1 && chunk.moduleIds[0].includes('rolldown/runtime');
}

/**
 * The runtime chunk, taken apart: what it exports (name → local; Rolldown writes each as
 * `Object.defineProperty(exports,"n",{…get:function(){return __exportAll}})`) and
 * `helpers(locals)`, the code that declares those locals and what they use, in the chunk's
 * order (a chunk that only makes namespace objects needs two of its ten helpers).
 */
function runtimeParts(code) {
  const program = parseAst(code, { sourceType: 'script' });
  const exports = new Map();
  const declarators = [];
  for (const node of program.body) {
    if (node.type === 'ExpressionStatement' && node.directive) continue;
    if (node.type === 'ExpressionStatement') {
      const calls = node.expression.type === 'SequenceExpression' ? node.expression.expressions : [node.expression];
      for (const call of calls) {
        const [target, key, descriptor] = call.arguments ?? [];
        const getter = descriptor?.properties?.find((p) => p.key.name === 'get')?.value;
        const returned = getter?.body?.body?.[0]?.argument;
        if (target?.name !== 'exports' || typeof key?.value !== 'string' || returned?.type !== 'Identifier')
          throw new Error(
            `build: the runtime helpers' chunk has a statement that is not an export: ${code.slice(call.start, call.end)}`,
          );
        exports.set(key.value, returned.name);
      }
    } else if (node.type === 'VariableDeclaration')
      for (const declarator of node.declarations) {
        if (declarator.id.type !== 'Identifier')
          throw new Error(`build: the runtime helpers' chunk declares a pattern, which cannot be copied`);
        declarators.push({
          kind: node.kind,
          name: declarator.id.name,
          code: code.slice(declarator.start, declarator.end),
          uses: identifiersIn(declarator.init),
        });
      }
    else throw new Error(`build: the runtime helpers' chunk has a ${node.type}, which cannot be copied`);
  }
  const helpers = (locals) => {
    const needed = new Set();
    const need = (name) => {
      const declarator = declarators.find((d) => d.name === name);
      if (!declarator || needed.has(declarator)) return;
      needed.add(declarator);
      for (const used of declarator.uses) need(used);
    };
    for (const local of locals) need(local);
    const kept = declarators.filter((d) => needed.has(d));
    return { code: kept.map((d) => `${d.kind} ${d.code};`).join(''), names: kept.map((d) => d.name) };
  };
  return { exports, helpers };
}

function identifiersIn(node, names = new Set()) {
  if (Array.isArray(node)) for (const item of node) identifiersIn(item, names);
  else if (node && typeof node === 'object') {
    if (node.type === 'Identifier') names.add(node.name);
    for (const key in node) if (key !== 'type' && typeof node[key] === 'object') identifiersIn(node[key], names);
  }
  return names;
}

/**
 * A chunk may not declare a name the copied helpers declare. Almost always no such word is
 * in the chunk at all; where one is, the chunk is parsed and its top level looked at.
 */
function assertNoClash(chunk, code, names) {
  const suspects = names.filter((name) => new RegExp(`(?<![\\w$])${name.replaceAll('$', '\\$')}(?![\\w$])`).test(code));
  if (suspects.length === 0) return;
  const declared = topLevelNames(parseAst(code, { sourceType: 'script' }));
  const clash = suspects.filter((name) => declared.has(name));
  if (clash.length > 0) throw new Error(`build: ${chunk.fileName} declares ${clash.join(', ')} as the runtime does`);
}

/** The names a module declares or imports at its top level. */
function topLevelNames(program) {
  const names = new Set();
  for (const node of program.body) {
    const declaration = node.type.startsWith('Export') ? node.declaration : node;
    if (!declaration) continue;
    if (declaration.type === 'VariableDeclaration')
      for (const declarator of declaration.declarations) patternNames(declarator.id, names);
    else if (declaration.id?.name) names.add(declaration.id.name);
    else if (declaration.type === 'ImportDeclaration')
      for (const specifier of declaration.specifiers) names.add(specifier.local.name);
  }
  return names;
}

function patternNames(pattern, names) {
  if (pattern.type === 'Identifier') names.add(pattern.name);
  else if (pattern.type === 'ObjectPattern')
    for (const property of pattern.properties) patternNames(property.value ?? property.argument, names);
  else if (pattern.type === 'ArrayPattern')
    for (const element of pattern.elements) element && patternNames(element, names);
  else if (pattern.type === 'RestElement') patternNames(pattern.argument, names);
  else if (pattern.type === 'AssignmentPattern') patternNames(pattern.left, names);
}
