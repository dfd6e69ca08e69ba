import DOMPurify from 'dompurify';

/** Sanitises editor (or server) HTML before it is stored or shown. */
export const sanitizeHtml = (html: string): string =>
  DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, ADD_ATTR: ['target'] });

/** Renders stored HTML after sanitising it. */
export const SafeHtml = ({ html, className }: { html: string; className?: string }) => (
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify right here
  <div className={className} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />
);
