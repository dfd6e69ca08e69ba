import { runInstallCli } from './cli.js';

// `npm run install-company -- --help`: the installer's command line (install/cli.ts).
const code = await runInstallCli(process.argv.slice(2), process.env, (line) => console.log(line));
process.exit(code);
