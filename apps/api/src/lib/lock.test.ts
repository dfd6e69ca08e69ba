import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
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

  it('should stop the server with one clear line, no stack trace, when the folder is in use', () => {
    const dir = mkdtempSync(join(tmpdir(), 'aval-lock-'));
    writeFileSync(join(dir, 'aval.lock'), String(process.pid));
    const server = resolve(import.meta.dirname, '../../dist/server.js');
    const r = spawnSync(process.execPath, [server], {
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', PORT: '0', LOG_LEVEL: 'warn' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toEqual([expect.stringMatching(/is in use by another Aval process \(pid \d+\)/)]);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
