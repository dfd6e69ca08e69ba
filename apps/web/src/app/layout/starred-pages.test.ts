import { beforeEach, describe, expect, it } from 'vitest';
import { readStarred, toggleStarred } from './starred-pages.js';

describe('starred pages', () => {
  beforeEach(() => localStorage.clear());

  it('should keep at most 10 pages per user when more are starred', () => {
    for (let i = 0; i < 10; i += 1)
      expect(toggleStarred(1, { path: `/p${i}`, title: `P${i}` })).toBe('added');
    expect(toggleStarred(1, { path: '/p10', title: 'P10' })).toBe('full');
    expect(readStarred(1)).toHaveLength(10);
  });

  it('should remove a page when it is starred again', () => {
    toggleStarred(1, { path: '/a', title: 'A' });
    expect(toggleStarred(1, { path: '/a', title: 'A' })).toBe('removed');
    expect(readStarred(1)).toEqual([]);
  });

  it('should keep each user apart', () => {
    toggleStarred(1, { path: '/a', title: 'A' });
    expect(readStarred(2)).toEqual([]);
    expect(localStorage.getItem('starredPages:1')).toContain('/a');
  });
});
