// `npm start`'s web build: only when something it is built from changed since the last build (its
// sources, the packages it imports, its configuration, the lock file); a start after the first one
// skips it. The fingerprint of what was built is kept beside the build (dist/.build-fingerprint).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const inputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/domain/src',
  'packages/contracts/src',
  'package-lock.json',
];
const stamp = 'apps/web/dist/.build-fingerprint';

/** Every file under the inputs, by path, size and modification time (no file is read). */
const files = (path) =>
  !existsSync(path)
    ? []
    : statSync(path).isDirectory()
      ? readdirSync(path)
          .sort()
          .flatMap((name) => files(join(path, name)))
      : [`${path} ${statSync(path).size} ${statSync(path).mtimeMs}`];

const fingerprint = createHash('sha256').update(inputs.flatMap(files).join('\n')).digest('hex');

if (existsSync(stamp) && readFileSync(stamp, 'utf8') === fingerprint) {
  console.log('web: up to date (nothing changed since the last build)');
} else {
  const res = spawnSync('npm', ['run', 'build', '-w', 'apps/web', '--silent'], { stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
  writeFileSync(stamp, fingerprint);
}
