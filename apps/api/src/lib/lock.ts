import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite does not lock its folder; two processes on one folder would corrupt it. Takes
 * `<dir>/aval.lock` (holding our pid) or throws a clear message; a lock left by a dead process is
 * taken over. Returns the release function.
 */
export const takeDataLock = (dir: string): (() => void) => {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'aval.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new Error(
          `The data folder ${dir} is in use by another Aval process (pid ${pid}). ` +
            'Stop that process, or start this one with another DATA_DIR, or use DATABASE_URL.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${file}.`);
};
