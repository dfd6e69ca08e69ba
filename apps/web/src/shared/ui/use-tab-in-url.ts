import { useSearchParams } from 'react-router';

/**
 * The open tab of a detail page in the URL (`?aba=`): a reload, a shared link or the back button
 * opens the same tab; the default tab keeps the URL bare.
 */
export const useTabInUrl = (defaultTab: string) => {
  const [params, setParams] = useSearchParams();
  const tab = params.get('aba') ?? defaultTab;
  const setTab = (value: string | null) =>
    setParams(value && value !== defaultTab ? { aba: value } : {}, { replace: true });
  return [tab, setTab] as const;
};
