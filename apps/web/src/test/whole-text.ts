const normalized = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/**
 * A Testing Library text matcher for a text split over nested elements (amounts, CPF/CNPJs and
 * CEPs each in their own unbroken span): the innermost element whose whole text is `text`.
 */
export const wholeText = (text: string) => (_: string, el: Element | null) =>
  !!el &&
  normalized(el.textContent) === text &&
  ![...el.children].some((child) => normalized(child.textContent) === text);
