import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadWithTimeout } from '../../app/routing/load-with-timeout.js';
import { paletteOf } from '../../app/theme.js';
import { validateField } from './fields/masked-fields.js';
import { storageFileUrl } from './file-download-link.js';
import { nextPopupZIndex } from './popup.js';

describe('feedback kit building blocks', () => {
  it('should build the storage URL from Uri, container, path and signature', () => {
    expect(
      storageFileUrl({ Uri: 'http://s/storage/', ContainerName: 'c54', Signature: '?sig=1' }, '/a/b.pdf'),
    ).toBe('http://s/storage/c54/a/b.pdf?sig=1');
  });

  it("should say 'storageInfo not found!' when the storage info is missing", () => {
    expect(() => storageFileUrl(undefined, 'a.pdf')).toThrow('storageInfo not found!');
  });

  it('should give the spec messages for required and invalid fields', () => {
    expect(validateField('', undefined, true)).toBe('Campo obrigatório');
    expect(validateField('', () => 'x')).toBeUndefined();
    expect(validateField('123', () => 'CPF inválido')).toBe('CPF inválido');
  });

  it('should stack a new popup above the highest open one', () => {
    expect(nextPopupZIndex()).toBe(201);
  });

  it('should keep the configured colour as shade 6 of its palette', () => {
    const palette = paletteOf('#0e65a5', '#000000');
    expect(palette[6]).toBe('#0e65a5');
    expect(palette).toHaveLength(10);
    expect(paletteOf('not-a-colour', '#28C76F')[6]).toBe('#28c76f');
  });

  it('should raise the load error when a chunk does not arrive within 120 s', async () => {
    vi.useFakeTimers();
    const pending = loadWithTimeout(() => new Promise<never>(() => undefined));
    const assertion = expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    vi.advanceTimersByTime(120_000);
    await assertion;
    vi.useRealTimers();
  });

  it('should raise the load error at once when the chunk fails', async () => {
    await expect(loadWithTimeout(() => Promise.reject(new Error('404')))).rejects.toBeInstanceOf(
      ChunkLoadError,
    );
  });
});
