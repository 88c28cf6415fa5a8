#!/usr/bin/env node
// The installed command: a CommonJS shim. `pwctl --version` is answered here, before any
// module loads; a shell's TAB (`pwctl __complete …`) goes to the small completer, which reads
// a prebuilt command tree; everything else runs the CLI entry, which loads each verb's code
// only when it runs.
'use strict';
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  process.stdout.write(`${require('../package.json').version}\n`);
} else if (argv[0] === '__complete') {
  import('../dist/complete.js').then((m) => m.complete(argv.slice(1)));
} else {
  import('../dist/cli.js').then((m) => m.main(argv));
}
