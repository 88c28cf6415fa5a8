import { Argument, type Command } from 'commander';
import { completeWith } from '../../completion/values.js';
import { CONFIG_KEYS } from '../../config/keys.js';
import { action, type Session } from '../action.js';

/** `<key>` completes the config keys, with what each means. */
function keyArgument(): Argument {
  return completeWith(new Argument('<key>'), { values: CONFIG_KEYS.map((k) => [k.name, k.description] as const) });
}

/** `set <key> <value>` completes the values of keys that have a fixed set. */
function valueArgument(): Argument {
  return completeWith(new Argument('<value>'), { byPrevious: Object.fromEntries(CONFIG_KEYS.flatMap((k) => (k.values ? [[k.name, k.values]] : []))) });
}

export function registerConfig(program: Command, session: Session): void {
  const config = program
    .command('config')
    .description('read and change settings of the current profile')
    .addHelpText('after', '\nKeys: base_url, output, company, timeout, oauth_authorize_url, oauth_token_url, oauth_client_id, completion_cache');

  config
    .command('get')
    .description('print the stored value of a key')
    .addArgument(keyArgument())
    .action(action(session, async (ctx, key: string) => (await import('./config.js')).getKey(ctx, key)));
  config
    .command('set')
    .description('store a value for a key (validated)')
    .addArgument(keyArgument())
    .addArgument(valueArgument())
    .action(action(session, async (ctx, key: string, value: string) => (await import('./config.js')).setKey(ctx, key, value)));
  config
    .command('unset')
    .description('remove a stored value')
    .addArgument(keyArgument())
    .action(action(session, async (ctx, key: string) => (await import('./config.js')).unsetKey(ctx, key)));
  config
    .command('list')
    .description('print every stored key of the profile (tokens and secrets are never shown)')
    .action(action(session, async (ctx) => (await import('./config.js')).listKeys(ctx)));
  config
    .command('path')
    .description('print the path of the config file')
    .action(action(session, async (ctx) => (await import('./config.js')).printPath(ctx)));
}
