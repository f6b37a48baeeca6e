#!/usr/bin/env node
// The package's command line: `npx webnn-wasm <command> ...`. Each command lives in cli/<command>/.
const COMMANDS = {
  wpt: () => import('../cli/wpt/main.mjs'),
};
const USAGE = `usage: webnn-wasm <command> [options]

commands:
  wpt <path-to-wpt-checkout>   run the WPT WebNN tests in Chromium on webnn-wasm (webnn-wasm wpt --help)`;

const [command, ...args] = process.argv.slice(2);
if (!command || command === '--help' || command === '-h') {
  console.log(USAGE);
  process.exit(command ? 0 : 2);
}
if (!COMMANDS[command]) {
  console.error(`webnn-wasm: unknown command '${command}'\n\n${USAGE}`);
  process.exit(2);
}
const module = await COMMANDS[command]();
if (args.includes('--help') || args.includes('-h')) {
  console.log(module.USAGE);
  process.exit(0);
}
process.exitCode = await module.main(args);
