// A guide page (docs/guide/*.md, the source of `pwctl help <topic>`) as text for a terminal or
// a pipe: headings on their own lines (bold on a colour terminal), paragraphs and list items
// refilled to the width, code blocks and tables indented by two, links as their text (a link
// to another guide page names its `pwctl help` topic). Only the Markdown the guide pages use:
// ATX headings, fenced code, pipe tables, `-` lists, inline code, bold and links.

export interface GuideTextOptions {
  /** Columns to fill prose to. */
  width: number;
  /** Bold headings (ANSI); the caller says whether the terminal shows them. */
  bold: boolean;
}

const FENCE = /^```/;
const HEADING = /^(#{1,6})\s+(.*)$/;
const BULLET = /^(\s*)[-*]\s+(.*)$/;
/** A table's first column is at most this wide; a longer term gets a line of its own. */
const MAX_TERM = 22;

/** The page, laid out. The caller sanitises it before it reaches a terminal. */
export function guideText(markdown: string, options: GuideTextOptions): string {
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  const out: string[] = [];
  const blank = () => {
    if (out.length > 0 && out[out.length - 1] !== '') out.push('');
  };
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (FENCE.test(line)) {
      i++;
      while (i < lines.length && !FENCE.test(lines[i]!)) out.push(`  ${lines[i++]}`.trimEnd());
      i++;
    } else if (/^<!--.*-->\s*$/.test(line) || /^!\[/.test(line)) i++;
    else if (line.trim() === '') {
      blank();
      i++;
    } else if (HEADING.test(line)) {
      const text = inline(HEADING.exec(line)![2]!);
      out.push(options.bold ? `\u001b[1m${text}\u001b[22m` : text);
      i++;
    } else if (line.startsWith('|')) {
      const rows: string[] = [];
      while (i < lines.length && lines[i]!.startsWith('|')) rows.push(lines[i++]!);
      out.push(...table(rows, options.width));
    } else if (BULLET.test(line)) {
      const [, indent, first] = BULLET.exec(line)!;
      const parts = [first!];
      i++;
      while (i < lines.length && /^\s+\S/.test(lines[i]!) && !BULLET.test(lines[i]!)) parts.push(lines[i++]!.trim());
      const depth = Math.floor(indent!.length / 2) * 2;
      out.push(...fill(inline(parts.join(' ')), options.width, ' '.repeat(depth + 2), `${' '.repeat(depth)}- `));
    } else {
      const parts: string[] = [];
      while (i < lines.length && startsParagraphLine(lines[i]!)) parts.push(lines[i++]!.trim());
      out.push(...fill(inline(parts.join(' ')), options.width, '', ''));
    }
  }
  while (out[out.length - 1] === '') out.pop();
  return `${out.join('\n')}\n`;
}

/** A line that goes on with the paragraph before it (not a block of its own). */
function startsParagraphLine(line: string): boolean {
  return line.trim() !== '' && !FENCE.test(line) && !HEADING.test(line) && !line.startsWith('|') && !BULLET.test(line);
}

/**
 * Inline Markdown as plain text: `code` loses its backticks unless it holds a space (a
 * command line keeps them, so that it reads as one); **bold** its stars; a link becomes its
 * text, with the topic of a guide page (`pwctl help auth`) or an absolute address after it.
 */
export function inline(text: string): string {
  return text
    .replace(/`([^`]+)`/g, (_, code: string) => (code.includes(' ') ? `\`${code}\`` : code))
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label: string, target: string) => {
      const topic = /^(?:\.\/)?([\w-]+)\.md(?:#.*)?$/.exec(target)?.[1];
      if (topic) return label === topic ? `\`pwctl help ${topic}\`` : `${label} (pwctl help ${topic})`;
      return /^https?:\/\//.test(target) && target !== label ? `${label} (${target})` : label;
    })
    .replace(/\\([|*_`\\])/g, '$1');
}

/** Words refilled to `width`: the first line starts with `first`, the others with `rest`. */
function fill(text: string, width: number, rest: string, first: string): string[] {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line);
      line = rest;
      empty = true;
    }
    line += empty ? word : ` ${word}`;
    empty = false;
  }
  if (!empty) lines.push(line);
  return lines;
}

/** A pipe table as a list: the first cell as the term, the others as its text beside it. */
function table(rows: readonly string[], width: number): string[] {
  const cells = rows
    .map((row) =>
      row
        .replace(/^\|/, '')
        .replace(/\|\s*$/, '')
        .split(/(?<!\\)\|/)
        .map((cell) => inline(cell.trim())),
    )
    .filter((row) => !row.every((cell) => /^:?-+:?$/.test(cell)))
    // The header row names the columns: the layout makes it plain.
    .slice(1);
  const numeric = cells.every((row) => /^\d+$/.test(row[0]!));
  const termWidth = Math.min(MAX_TERM, Math.max(...cells.map((row) => row[0]!.length)));
  const out: string[] = [];
  for (const row of cells) {
    const term = numeric ? row[0]!.padStart(termWidth) : row[0]!;
    const text = row.slice(1).filter(Boolean).join(' — ');
    const indent = ' '.repeat(2 + termWidth + 2);
    if (text === '') out.push(`  ${term}`);
    else if (term.length > termWidth) {
      out.push(`  ${term}`);
      out.push(...fill(text, width, indent, indent));
    } else out.push(...fill(text, width, indent, `  ${term.padEnd(termWidth)}  `));
  }
  return out;
}
