// `pwctl mcp`'s head: its name and summary, all `pwctl --help` needs; the rest is declared in
// ./mcp-verb.ts, loaded only when a command line names it.
import { lazyVerb } from '../commands/declare.js';

export const mcpCommand = lazyVerb(
  {
    name: 'mcp',
    summary: 'run a Model Context Protocol server on stdin/stdout for AI agents (read-only unless --allow-writes)',
  },
  async () => (await import('./mcp-verb.js')).mcp,
);
