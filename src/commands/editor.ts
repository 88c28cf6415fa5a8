// `docs edit` and `steps edit`: the body goes to $VISUAL/$EDITOR in a temp file; it is sent
// back only if it changed, and if sending fails the file is kept and its path printed, so
// nothing typed is lost. The editor gets our environment without our secrets (../child-env.ts).
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { childEnv } from '../child-env.js';
import type { Ctx } from './context.js';
import { CANCELLED, NOTHING_SENT, UsageError } from '../errors.js';

/**
 * The editor: $VISUAL, else $EDITOR, else what git falls back to (vi; notepad on Windows).
 * Without a terminal only a configured one is used: a fallback editor would wait for keys
 * nobody can type. Called before any request, so a mistake costs nothing.
 */
export function editorFor(ctx: Ctx): string {
  const configured = ctx.env.VISUAL || ctx.env.EDITOR;
  if (configured) return configured;
  if (!ctx.io.stdinIsTTY)
    throw new UsageError('edit needs a terminal, or an editor in VISUAL or EDITOR (e.g. EDITOR=nano)');
  return process.platform === 'win32' ? 'notepad' : 'vi';
}

/**
 * Open `body` in the editor and call `save` with the edited text if it changed. Returns false
 * when nothing is sent: the text did not change, or the buffer was left empty — which, as in
 * git and gh, abandons the edit rather than wiping the body.
 */
export async function editBody(
  ctx: Ctx,
  body: string,
  fileStem: string,
  save: (text: string) => Promise<void>,
): Promise<boolean> {
  const editor = editorFor(ctx);
  const dir = await mkdtemp(join(osTmpdir(), 'pwctl-edit-'));
  const file = join(dir, `${fileStem.replace(/[^A-Za-z0-9._-]/g, '_')}.md`);
  await writeFile(file, body, { mode: 0o600 });
  let keep = false;
  try {
    await runEditor(editor, file, ctx.env);
    const edited = await readFile(file, 'utf8');
    if (edited === body) {
      ctx.io.notice(`no changes; ${NOTHING_SENT}`);
      return false;
    }
    if (edited.trim() === '') {
      ctx.io.notice(`${CANCELLED}: the edited text is empty (to empty a body, use --content "")`);
      return false;
    }
    try {
      await save(edited);
    } catch (error) {
      keep = true;
      ctx.io.error(`your edited text is kept in ${file}\n`);
      throw error;
    }
    return true;
  } finally {
    if (!keep) await rm(dir, { recursive: true, force: true });
  }
}

function runEditor(editor: string, file: string, env: NodeJS.ProcessEnv): Promise<void> {
  const editorEnv = childEnv(env);
  return new Promise((resolve, reject) => {
    // Through the shell, so EDITOR="code --wait" works; the file path is passed as "$1", never interpolated.
    const child =
      process.platform === 'win32'
        ? spawn(`${editor} "${file}"`, { stdio: 'inherit', shell: true, env: editorEnv })
        : spawn('/bin/sh', ['-c', `${editor} "$1"`, 'pwctl-editor', file], { stdio: 'inherit', env: editorEnv });
    child.on('error', (error) =>
      reject(new UsageError(`cannot start editor ${JSON.stringify(editor)}: ${error.message}`)),
    );
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new UsageError(`editor ${JSON.stringify(editor)} exited with status ${code}; ${NOTHING_SENT}`)),
    );
  });
}

/** The OS's temporary directory; node:os is loaded here, not with this module, which every verb loads. */
function osTmpdir(): string {
  return process.getBuiltinModule('node:os').tmpdir();
}
