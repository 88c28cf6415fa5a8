// A unified diff for a terminal: every line through the sanitiser (the lines are the
// service's text and the user's), then coloured as diff tools colour them — removed lines
// red, added lines green, hunk headers cyan, file headers bold. A line is told by where it
// is, not only by its first character: inside a hunk (whose header counts its lines) a
// removed line `-- signature` is a removed line, not a file header.
import { escapeBlock, terminalText, type TerminalText } from '../io/sanitize.js';

const HUNK = /^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@/;

export async function terminalDiff(text: string, colorLevel: number): Promise<TerminalText> {
  if (colorLevel === 0) return escapeBlock(text);
  const { Chalk } = await import('chalk');
  const chalk = new Chalk({ level: colorLevel as 1 | 2 | 3 });
  let oldLeft = 0;
  let newLeft = 0;
  const lines = text.split('\n').map((line) => {
    const safe = escapeBlock(line);
    if (oldLeft > 0 || newLeft > 0) {
      const kind = line[0];
      if (kind === '-') {
        oldLeft--;
        return chalk.red(safe);
      }
      if (kind === '+') {
        newLeft--;
        return chalk.green(safe);
      }
      if (kind === ' ') {
        oldLeft--;
        newLeft--;
        return safe;
      }
      return safe; // `\ No newline at end of file`
    }
    const hunk = HUNK.exec(line);
    if (hunk) {
      oldLeft = Number(hunk[1] ?? 1);
      newLeft = Number(hunk[2] ?? 1);
      return chalk.cyan(safe);
    }
    if (line.startsWith('--- ') || line.startsWith('+++ ')) return chalk.bold(safe);
    return safe;
  });
  return terminalText(lines.join('\n'));
}
