// A local check of the rich-content containers the service defines (`:::callout{…}` and
// `:::toggle{…}`). The reference documents no error for a malformed container, and a content
// update replaces the whole body, so a broken fence would be stored and shown wrongly
// instead of refused; pwctl catches it first, naming the line.
//
// Rules (api-reference.md, "Rich content"): a container is closed by a line of the same
// number of colons; a container nested in another needs the outer fence to use more
// colons; a callout's color is a named colour or a hex value. Lines inside ``` / ~~~ code
// fences are code, never containers. Unknown attributes are accepted; a callout's color is
// checked.
import { CALLOUT_COLORS } from '../api/types.js';

export interface ContainerProblem {
  /** 1-based line number in the body. */
  line: number;
  message: string;
}

export const CONTAINER_NAMES = ['callout', 'toggle'] as const;

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const CODE_FENCE = /^\s*(`{3,}|~{3,})(.*)$/;
// Colons, then an optional name, label and attribute block, then anything left over.
const CONTAINER_FENCE = /^\s*(:{3,})(.*)$/;
const NAME = /^\s*([A-Za-z][A-Za-z0-9_-]*)/;

interface OpenContainer {
  name: string;
  colons: number;
  line: number;
  /** A mismatched closing line was already reported against it. */
  reported?: boolean;
}

interface CodeFence {
  char: string;
  length: number;
}

/** Every container problem in a Markdown body, in line order (empty when the body is fine). */
export function findContainerProblems(markdown: string): ContainerProblem[] {
  const problems: ContainerProblem[] = [];
  const open: OpenContainer[] = [];
  let code: CodeFence | undefined;
  const lines = markdown.split(/\r?\n/);

  lines.forEach((text, index) => {
    const line = index + 1;
    if (code) {
      if (closesCodeFence(text, code)) code = undefined;
      return;
    }
    const codeOpen = CODE_FENCE.exec(text);
    if (codeOpen && !(codeOpen[1]![0] === '`' && codeOpen[2]!.includes('`'))) {
      code = { char: codeOpen[1]![0]!, length: codeOpen[1]!.length };
      return;
    }
    const fence = CONTAINER_FENCE.exec(text);
    if (!fence) return;
    const colons = fence[1]!.length;
    const rest = fence[2]!;

    if (rest.trim() === '') {
      closeContainer(open, colons, line, problems);
      return;
    }
    const opened = parseOpening(rest, colons, line, problems);
    if (!opened) return;
    const parent = open[open.length - 1];
    if (parent && parent.colons <= colons) {
      problems.push({
        line,
        message: `${opened} nested in the ${parent.name} opened on line ${parent.line} needs fewer colons than its parent (${':'.repeat(colons)}): give the outer fence more colons, e.g. ${':'.repeat(colons + 1)}${parent.name} … ${':'.repeat(colons + 1)}`,
      });
    }
    open.push({ name: opened, colons, line });
  });

  for (const container of open.filter((c) => !c.reported)) {
    problems.push({
      line: container.line,
      message: `${container.name} is never closed: add a line of ${container.colons} colons (${':'.repeat(container.colons)}) after its content`,
    });
  }
  return problems.sort((a, b) => a.line - b.line);
}

function closesCodeFence(text: string, fence: CodeFence): boolean {
  const m = /^\s*(`{3,}|~{3,})\s*$/.exec(text);
  return m !== null && m[1]![0] === fence.char && m[1]!.length >= fence.length;
}

function closeContainer(open: OpenContainer[], colons: number, line: number, problems: ContainerProblem[]): void {
  const top = open[open.length - 1];
  if (!top) {
    problems.push({ line, message: `closing fence ${':'.repeat(colons)} has no open callout or toggle to close` });
    return;
  }
  if (top.colons === colons) {
    open.pop();
    return;
  }
  const outer = open.findIndex((c) => c.colons === colons);
  problems.push({
    line,
    message: `closing fence ${':'.repeat(colons)} does not match the ${top.name} opened on line ${top.line} with ${top.colons} colons: a container is closed by a line of the same number of colons`,
  });
  top.reported = true;
  // A fence matching an outer container is taken to close it and everything inside it, so
  // later lines are checked against the right parent instead of reporting each one again.
  if (outer >= 0) open.splice(outer);
}

/** The name of a well-formed opening fence, or undefined after recording why it is not. */
function parseOpening(rest: string, colons: number, line: number, problems: ContainerProblem[]): string | undefined {
  const nameMatch = NAME.exec(rest);
  const fence = ':'.repeat(colons);
  if (!nameMatch) {
    problems.push({
      line,
      message: `${fence} must be followed by a container name (callout or toggle), e.g. ${fence}callout{color="mint"}`,
    });
    return undefined;
  }
  const name = nameMatch[1]!;
  if (!(CONTAINER_NAMES as readonly string[]).includes(name)) {
    problems.push({
      line,
      message: `unknown container ${JSON.stringify(name)}: the service knows ${CONTAINER_NAMES.join(' and ')}`,
    });
    return undefined;
  }
  let tail = rest.slice(nameMatch[0].length);
  // An optional [label], as in remark-directive.
  const label = /^\[[^\]]*\]/.exec(tail);
  if (label) tail = tail.slice(label[0].length);
  let attributes: Record<string, string> = {};
  if (tail.trimStart().startsWith('{')) {
    const parsed = parseAttributes(tail.trimStart());
    if ('error' in parsed) {
      problems.push({
        line,
        message: `${name} attributes are malformed: ${parsed.error}; write them as {emoji="💡" color="mint"} or {summary="Details"}`,
      });
      return name;
    }
    attributes = parsed.attributes;
    tail = parsed.rest;
  }
  if (tail.trim() !== '') {
    problems.push({
      line,
      message: `unexpected text ${JSON.stringify(tail.trim())} after ${fence}${name}: the opening fence holds only the name and {attributes}`,
    });
    return name;
  }
  if (name === 'callout' && attributes.color !== undefined && !isCalloutColor(attributes.color)) {
    problems.push({
      line,
      message: `callout color ${JSON.stringify(attributes.color)} is not one of ${CALLOUT_COLORS.join(', ')} or a hex value like #1e90ff`,
    });
  }
  return name;
}

export function isCalloutColor(value: string): boolean {
  return (CALLOUT_COLORS as readonly string[]).includes(value) || HEX_COLOR.test(value);
}

type AttributeParse = { attributes: Record<string, string>; rest: string } | { error: string };

/**
 * `{key="value" key='value' key=value flag #id .class}` → attributes, tolerant of the three
 * quoting styles and of spacing; the text after the closing brace is returned as `rest`.
 */
export function parseAttributes(text: string): AttributeParse {
  const attributes: Record<string, string> = {};
  let i = 1; // past '{'
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  for (;;) {
    skipSpace();
    if (i >= text.length) return { error: 'the { is never closed with }' };
    const ch = text[i]!;
    if (ch === '}') return { attributes, rest: text.slice(i + 1) };
    if (ch === '#' || ch === '.') {
      const m = /^[#.][^\s{}"'=]+/.exec(text.slice(i));
      if (!m) return { error: `${JSON.stringify(ch)} must be followed by a name` };
      i += m[0].length;
      continue;
    }
    const key = /^[A-Za-z_:][A-Za-z0-9_.:-]*/.exec(text.slice(i));
    if (!key) return { error: `unexpected ${JSON.stringify(ch)} where an attribute name was expected` };
    i += key[0].length;
    skipSpace();
    if (text[i] !== '=') {
      attributes[key[0]] = '';
      continue;
    }
    i++;
    skipSpace();
    const quote = text[i];
    if (quote === '"' || quote === "'") {
      const end = text.indexOf(quote, i + 1);
      if (end < 0) return { error: `the value of ${key[0]} has no closing ${quote}` };
      attributes[key[0]] = text.slice(i + 1, end);
      i = end + 1;
      if (i < text.length && !/[\s}]/.test(text[i]!))
        return { error: `expected a space or } after the value of ${key[0]}` };
    } else {
      const m = /^[^\s"'=<>`{}]+/.exec(text.slice(i));
      if (!m) return { error: `${key[0]}= has no value` };
      attributes[key[0]] = m[0];
      i += m[0].length;
    }
  }
}
