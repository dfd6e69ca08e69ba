/** FEBRABAN modulo 10: weights 2,1 from the right, digits of each product summed. */
export const modulo10 = (digits: string): number => {
  if (!/^\d*$/.test(digits)) throw new RangeError('modulo10 expects digits only');
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? product - 9 : product;
    weight = weight === 2 ? 1 : 2;
  }
  const rest = sum % 10;
  return rest === 0 ? 0 : 10 - rest;
};

/**
 * FEBRABAN modulo 11 for the barcode's general check digit: weights 2 to 9 from the right;
 * 11 − remainder, where 0, 1, 10 and 11 become 1.
 */
export const modulo11Boleto = (digits: string): number => {
  if (!/^\d*$/.test(digits)) throw new RangeError('modulo11 expects digits only');
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 1 || dv === 10 || dv === 11 ? 1 : dv;
};
