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

/** The secrets `verify` and `trigger` were given, and whether one came from --secret. */
export interface GivenSecrets {
  secrets: string[];
  onCommandLine: boolean;
}

const REQUIRED =
  'a signing secret is required: --secret-file <path> (one secret per line), PWCTL_WEBHOOK_SECRET, or --secret <s>';

/** --secret or --secret-file (the verbs declare them exclusive), else PWCTL_WEBHOOK_SECRET; one of them is required. */
export async function resolveSecrets(ctx: Ctx, flags: SecretFlags): Promise<GivenSecrets> {
  if (flags.secret !== undefined) return { secrets: [requireNonEmpty(flags.secret, '--secret')], onCommandLine: true };
  if (flags.secretFile !== undefined) return { secrets: await readSecretFile(flags.secretFile), onCommandLine: false };
  const env = ctx.env.PWCTL_WEBHOOK_SECRET;
  if (env !== undefined && env !== '') return { secrets: [env], onCommandLine: false };
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

/** One secret per line; blank lines and the whitespace around a secret are ignored. */
export async function readSecretFile(path: string): Promise<string[]> {
  const what = JSON.stringify(path);
  const text = decodeText(await readFileBytes(path, '--secret-file'), what, '--secret-file');
  const secrets = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (secrets.length === 0)
    throw new UsageError(`--secret-file: ${what} holds no secret; expected one secret per line`);
  return secrets;
}

/** Said once the command's input is checked, so a usage error stays the only line. */
export function warnSecretOnCommandLine(ctx: Ctx): void {
  ctx.io.warn(
    '--secret is visible to other users of this machine in the process list (ps); use --secret-file <path> or PWCTL_WEBHOOK_SECRET instead',
  );
}
