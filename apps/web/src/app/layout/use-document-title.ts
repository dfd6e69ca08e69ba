import { useEffect } from 'react';
import { getApplicationConfig } from '../config/portal-config.js';
import { useRouteMeta } from './use-route-meta.js';

/** "Tomadores · Aurora Seguros Garantia": the page's title, then the insurer (else Aval). */
export const documentTitle = (pageTitle: string | undefined, companyName: string | undefined) =>
  [pageTitle, companyName ?? 'Aval'].filter(Boolean).join(' · ');

/** Keeps `document.title` on the deepest matched route's title. */
export const useDocumentTitle = () => {
  const title = useRouteMeta()?.title;
  useEffect(() => {
    document.title = documentTitle(title, getApplicationConfig()?.companyName);
  }, [title]);
};
