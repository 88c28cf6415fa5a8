// --content or --content-file (a path, or - for stdin): the body of a document or a task.
import type { Factory } from '../factory.js';
import { UsageError } from '../errors.js';
import { readInput } from './read-input.js';

export interface ContentFlags {
  content?: string;
  contentFile?: string;
}

export interface NewContent {
  text: string;
  /** How the body is named in messages: '--content', '--content-file notes.md', 'the edited text'. */
  source: string;
}

export async function readContentFlags(ctx: Factory, flags: ContentFlags): Promise<NewContent | undefined> {
  if (flags.content !== undefined && flags.contentFile !== undefined) {
    throw new UsageError('--content and --content-file cannot be used together; give the body one way');
  }
  if (flags.content !== undefined) return { text: flags.content, source: '--content' };
  if (flags.contentFile === undefined) return undefined;
  const text = await readInput(ctx, flags.contentFile, '--content-file');
  return { text, source: flags.contentFile === '-' ? '--content-file (standard input)' : `--content-file ${flags.contentFile}` };
}
