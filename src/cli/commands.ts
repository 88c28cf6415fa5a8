// Every top-level command of the command line: the declared ones, and the command line's
// own: `alias`, whose words are expanded before parsing, and `mcp`, which starts the agents'
// front end. Both parsers start here: commander's program (./program.ts) and the fast path
// (./fast/).
import type { TopLevel } from '../commands/declare.js';
import { PROGRAM } from '../commands/registry.js';
import { aliasCommand } from './alias-command.js';
import { mcpCommand } from './mcp-command.js';

export const COMMANDS: readonly TopLevel[] = [...PROGRAM.commands, aliasCommand, mcpCommand];
