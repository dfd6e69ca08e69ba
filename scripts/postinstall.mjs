// After `npm install`: build the project (API, kanban service, packages, portal), so the first
// `npm start` only migrates and seeds. On a Node too old, or if the build fails, the install still
// succeeds and says so: `npm start` builds again and stops with the reason.
import { spawnSync } from 'node:child_process';

const run = (cmd, args) =>
  spawnSync(cmd, args, { stdio: 'inherit', shell: process.platform === 'win32' }).status === 0;
if (process.env.AVAL_SKIP_BUILD) process.exit(0);
if (!run(process.execPath, ['scripts/check-node.mjs'])) {
  console.warn('(postinstall: project not built; `npm start` needs a newer Node.js)');
  process.exit(0);
}
const t0 = Date.now();
const built = run('npx', ['tsc', '-b']) && run(process.execPath, ['scripts/build-web.mjs']);
console.log(
  built
    ? `Aval built in ${Math.round((Date.now() - t0) / 1000)} s: \`npm start\` brings it up.`
    : '(postinstall: the build failed; `npm start` builds again and shows why)',
);
