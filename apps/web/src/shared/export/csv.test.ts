import { describe, expect, it, vi } from 'vitest';
import { allPages, downloadCsv, toCsv } from './csv.js';

describe('CSV export', () => {
  it('should write Excel pt-BR CSV: BOM, semicolons, CRLF, quoted fields only where needed', () => {
    const csv = toCsv(
      [
        { title: 'Nome', value: (r: { name: string; amount: string }) => r.name },
        { title: 'Valor', value: (r) => r.amount },
      ],
      [
        { name: 'Construtora "Azul"; Filial', amount: '1.234,56' },
        { name: 'São João Ltda.', amount: '10,00' },
      ],
    );
    expect(csv).toBe(
      '\uFEFFNome;Valor\r\n"Construtora ""Azul""; Filial";1.234,56\r\nSão João Ltda.;10,00\r\n',
    );
  });

  it('should read every page until the total, in order', async () => {
    const data = Array.from({ length: 450 }, (_, i) => i);
    const asked: number[] = [];
    const rows = await allPages(async (page, size) => {
      asked.push(page);
      return { Data: data.slice((page - 1) * size, page * size), Total: data.length };
    });
    expect(rows).toEqual(data);
    expect(asked).toEqual([1, 2, 3]);
  });

  it('should read past a capped total (the server stopped counting there)', async () => {
    const data = Array.from({ length: 1300 }, (_, i) => i);
    const rows = await allPages(async (page, size) => ({
      Data: data.slice((page - 1) * size, page * size),
      Total: Math.min(data.length, 1000),
      TotalIsCapped: true,
    }));
    expect(rows).toEqual(data);
  });

  it("should name the file with Brasília's day, which a UTC date passes at 21:00 there", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    const names: string[] = [];
    try {
      vi.setSystemTime(new Date('2026-11-29T01:30:00Z'));
      downloadCsv('apolices', 'a;b\r\n');
      expect(names).toEqual(['apolices-2026-11-28.csv']);
    } finally {
      click.mockRestore();
      vi.useRealTimers();
    }
  });
});
