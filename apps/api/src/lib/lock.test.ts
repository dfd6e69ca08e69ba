import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { takeDataLock } from './lock.js';

describe('data folder lock', () => {
  it('should refuse a second holder while the first process lives', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aval-lock-'));
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    writeFileSync(join(dir, 'aval.lock'), String(other.pid));
    try {
      expect(() => takeDataLock(dir)).toThrow(/is in use by another Aval process \(pid \d+\)/);
    } finally {
      other.kill();
    }
  });

  it('should take over a lock left by a dead process and release it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aval-lock-'));
    writeFileSync(join(dir, 'aval.lock'), '999999');
    const release = takeDataLock(dir);
    expect(existsSync(join(dir, 'aval.lock'))).toBe(true);
    release();
    expect(existsSync(join(dir, 'aval.lock'))).toBe(false);
  });
});
