// Where `webhooks listen`, `verify` and `trigger` get signing secrets from: a file
// (--secret-file), the environment (PWCTL_WEBHOOK_SECRET), or --secret on the command line,
// which every user of the machine can read in the process list.
import type { Ctx } from '../context.js';
import { UsageError } from '../../errors.js';
import { requireNonEmpty } from '../../validate.js';
import { decodeText, readFileBytes } from '../read-input.js';

export interface SecretFlags {
  secret?: string;
  secretFile?: string;
}

/** The secrets `verify` and `trigger` were given, and what to warn about how they were given. */
export interface GivenSecrets {
  secrets: string[];
  /**
   * Said once the command's input is checked, so that a usage error stays the only line:
   * --secret is in the process list, a --secret-file others can read.
   */
  warnings: string[];
}

const REQUIRED =
  'a signing secret is required: --secret-file <path> (one secret per line), PWCTL_WEBHOOK_SECRET, or --secret <s>';

/** What other users can see of a secret given with --secret. */
export const SECRET_ON_COMMAND_LINE =
  '--secret is visible to other users of this machine in the process list (ps); use --secret-file <path> or PWCTL_WEBHOOK_SECRET instead';

/** --secret or --secret-file (the verbs declare them exclusive), else PWCTL_WEBHOOK_SECRET; one of them is required. */
export async function resolveSecrets(ctx: Ctx, flags: SecretFlags): Promise<GivenSecrets> {
  if (flags.secret !== undefined)
    return { secrets: [requireNonEmpty(flags.secret, '--secret')], warnings: [SECRET_ON_COMMAND_LINE] };
  if (flags.secretFile !== undefined) return readSecretFile(flags.secretFile);
  const env = ctx.env.PWCTL_WEBHOOK_SECRET;
  if (env !== undefined && env !== '') return { secrets: [env], warnings: [] };
  throw new UsageError(REQUIRED);
}

/** Exactly one secret, for a verb that signs (a file holding several is ambiguous). */
export async function resolveOneSecret(ctx: Ctx, flags: SecretFlags): Promise<GivenSecrets & { secret: string }> {
  const given = await resolveSecrets(ctx, flags);
  if (given.secrets.length > 1) {
    throw new UsageError(
      `--secret-file: ${JSON.stringify(flags.secretFile)} holds ${given.secrets.length} secrets; give a file holding the one to sign with`,
    );
  }
  return { ...given, secret: given.secrets[0]! };
}

/**
 * One secret per line; blank lines and the whitespace around a secret are ignored. A file its
 * group or others may read or write is still read, with a warning, as ssh warns of a key file.
 */
export async function readSecretFile(path: string): Promise<GivenSecrets> {
  const what = JSON.stringify(path);
  const text = decodeText(await readFileBytes(path, '--secret-file'), what, '--secret-file');
  const secrets = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (secrets.length === 0)
    throw new UsageError(`--secret-file: ${what} holds no secret; expected one secret per line`);
  const loose = await looseModeWarning(path);
  return { secrets, warnings: loose === undefined ? [] : [loose] };
}

/** The warning for a secret file that others than its owner may read or write; none on Windows, whose modes mean something else. */
async function looseModeWarning(path: string): Promise<string | undefined> {
  if (process.platform === 'win32') return undefined;
  const { stat } = await import('node:fs/promises');
  let mode: number;
  try {
    mode = (await stat(path)).mode & 0o777;
  } catch {
    // Read a moment ago; gone since: nothing to say about it.
    return undefined;
  }
  const can = [mode & 0o044 ? 'read' : '', mode & 0o022 ? 'change' : ''].filter(Boolean).join(' and ');
  if (can === '') return undefined;
  const shown = JSON.stringify(path);
  const octal = mode.toString(8).padStart(4, '0');
  return `--secret-file ${shown} has mode ${octal}: other users of this machine can ${can} the signing secrets in it; run chmod 600 ${shown}`;
}

/** Say the warnings about how secrets were given, once the command's input is checked. */
export function warnAboutSecrets(ctx: Ctx, warnings: readonly string[]): void {
  for (const warning of warnings) ctx.io.warn(warning);
}
