#!/usr/bin/env node
// The installed command: a CommonJS shim. `pwctl --version` is answered here; everything
// else runs the start-up bundle, which loads each verb's code only when it runs.
'use strict';
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  process.stdout.write(`${require('../package.json').version}\n`);
} else {
  require('../dist/cli.cjs').main(argv);
}
