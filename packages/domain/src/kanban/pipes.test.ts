import { describe, expect, it } from 'vitest';
import { allCardTypes } from '../catalogues/card-types.js';
import { cardTypePipe, isDecisionStep, pipeCatalogue, slaDueAt, slaState } from './pipes.js';

const at = (iso: string) => new Date(iso);

describe('pipe catalogue', () => {
  it('should hold the seven pipes of the spec with permissions 34 to 40 and unique tokens', () => {
    expect(pipeCatalogue.map((p) => p.permission)).toEqual([34, 35, 36, 37, 38, 39, 40]);
    expect(new Set(pipeCatalogue.map((p) => p.token)).size).toBe(7);
  });

  it('should give every card type a pipe of the catalogue', () => {
    const tokens = new Set(pipeCatalogue.map((p) => p.token));
    for (const type of allCardTypes) expect(tokens.has(cardTypePipe[type])).toBe(true);
  });

  it('should end every pipe with an approve and a refuse step', () => {
    for (const pipe of pipeCatalogue) {
      expect(pipe.steps.filter((s) => isDecisionStep(s.kind)).map((s) => s.kind)).toEqual([
        'approve',
        'refuse',
      ]);
    }
  });
});

describe('slaState', () => {
  const entered = at('2026-11-24T10:00:00Z');
  it('should be none when the step has no SLA', () => {
    expect(slaState(entered, null, at('2026-12-24T10:00:00Z'))).toBe('none');
    expect(slaDueAt(entered, 0)).toBeUndefined();
  });
  it('should be ok, then due soon in the last 20% (at most 4 h), then late', () => {
    expect(slaDueAt(entered, 10)?.toISOString()).toBe('2026-11-24T20:00:00.000Z');
    expect(slaState(entered, 10, at('2026-11-24T17:59:00Z'))).toBe('ok');
    expect(slaState(entered, 10, at('2026-11-24T18:00:00Z'))).toBe('dueSoon');
    expect(slaState(entered, 48, at('2026-11-26T05:59:00Z'))).toBe('ok');
    expect(slaState(entered, 48, at('2026-11-26T06:00:00Z'))).toBe('dueSoon');
    expect(slaState(entered, 10, at('2026-11-24T20:00:00Z'))).toBe('late');
  });
});
