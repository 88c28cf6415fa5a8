// Which global options a verb's help lists under "Global Options:" (gh's "inherited
// flags"): the ones that change what that verb does. --dry-run only where data changes,
// --yes only where something is confirmed, and none of the connection options for commands
// that never talk to the service. A noun's help lists its verbs instead.
import { Help, type Command, type HelpConfiguration, type Option } from 'commander';

/** Verbs whose requests change data on the service: --dry-run prints them instead. */
const CHANGES_DATA = new Set([
  'api',
  'docs create', 'docs update', 'docs edit', 'docs delete',
  'steps create', 'steps update', 'steps complete', 'steps reopen', 'steps move', 'steps reorder', 'steps edit', 'steps delete',
  'tags add', 'tags set', 'tags remove',
  'milestones create', 'milestones update', 'milestones delete',
  'webhooks create', 'webhooks update', 'webhooks pause', 'webhooks resume', 'webhooks delete',
]);

/** Verbs that ask before deleting: --yes answers for the user. */
const CONFIRMS = new Set(['docs delete', 'steps delete', 'milestones delete', 'webhooks delete']);

/**
 * Commands (and every verb under them) that neither send a request to the service nor read
 * what is stored per service (`webhooks listen` and `trigger` pick secrets by base URL).
 */
const OFFLINE = ['completion', 'config', 'help', 'sandbox', 'webhooks verify'];
const CONNECTION_OPTIONS = new Set(['--base-url', '--sandbox', '--timeout', '--debug']);

/** Commands that print no records (a bare value, a script, text): -o and --fields do nothing. */
const NO_RECORDS = new Set(['completion', 'help', 'config get', 'config set', 'config unset', 'config path', 'auth token', 'auth logout']);
const RECORD_OPTIONS = new Set(['--output', '--fields']);

export const GLOBAL_OPTIONS_HELP: HelpConfiguration = {
  showGlobalOptions: true,
  visibleGlobalOptions(this: Help, command: Command): Option[] {
    const key = commandKey(command);
    const leaf = command.commands.length === 0;
    return Help.prototype.visibleGlobalOptions.call(this, command).filter((option) => applies(option, key, leaf));
  },
};

function applies(option: Option, key: string, leaf: boolean): boolean {
  const name = option.long ?? '';
  if (!leaf || name === '--version') return false;
  if (NO_RECORDS.has(key) && RECORD_OPTIONS.has(name)) return false;
  if (OFFLINE.some((p) => key === p || key.startsWith(`${p} `))) return !CONNECTION_OPTIONS.has(name) && name !== '--dry-run' && name !== '--yes';
  if (name === '--dry-run') return CHANGES_DATA.has(key);
  if (name === '--yes') return CONFIRMS.has(key);
  return true;
}

/** "steps list" for `pwctl tasks list` (names, not aliases; without the program's). */
function commandKey(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}
