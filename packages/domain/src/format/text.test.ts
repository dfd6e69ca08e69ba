import { describe, expect, it } from 'vitest';
import { htmlToText } from './text.js';

describe('htmlToText', () => {
  it('should print the editor HTML of a clause as lines of text, tags dropped and entities decoded', () => {
    expect(
      htmlToText(
        '<p><strong>Condições Especiais</strong></p><p>Garantir até R$&nbsp;100.000,00 &amp; juros,</ strong> do tomador <em>X</em>.</p><ul><li>um</li><li>dois</li></ul>linha<br>quebrada &#8211; fim&#x21;',
      ),
    ).toBe(
      'Condições Especiais\nGarantir até R$ 100.000,00 & juros, do tomador X.\n\n• um\n• dois\nlinha\nquebrada – fim!',
    );
  });

  it('should leave plain text as it is', () => {
    expect(htmlToText('Cláusula sem marcação [VALOR_IS] < 5')).toBe('Cláusula sem marcação [VALOR_IS] < 5');
  });
});
