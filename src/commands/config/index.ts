import type { Command } from 'commander';
import { action, type Session } from '../action.js';

export function registerConfig(program: Command, session: Session): void {
  const config = program
    .command('config')
    .description('read and change settings of the current profile')
    .addHelpText('after', '\nKeys: base_url, output, company, timeout, oauth_authorize_url, oauth_token_url, oauth_client_id, completion_cache');

  config
    .command('get')
    .description('print the stored value of a key')
    .argument('<key>')
    .action(action(session, async (ctx, key: string) => (await import('./config.js')).getKey(ctx, key)));
  config
    .command('set')
    .description('store a value for a key (validated)')
    .argument('<key>')
    .argument('<value>')
    .action(action(session, async (ctx, key: string, value: string) => (await import('./config.js')).setKey(ctx, key, value)));
  config
    .command('unset')
    .description('remove a stored value')
    .argument('<key>')
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
