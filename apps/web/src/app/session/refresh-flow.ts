import { limits, uiMessages } from '@aval/contracts';
import { reloadPage } from '../navigation.js';
import { logout, refreshTokens } from './session.js';
import { getRefreshToken } from './session-storage.js';

/** The dialog module loads on demand (it is not needed on the first screen). */
const showStatusDialog = (kind: 'success' | 'error', title: string, message: string) =>
  import('../../shared/ui/feedback-modals.js').then((m) => m.showStatusDialog(kind, title, message));

type RefreshState = 'idle' | 'refreshing' | 'done';
let state: RefreshState = 'idle';

/** For tests. */
export const resetRefreshFlow = () => {
  state = 'idle';
};

/**
 * Spec §8, HTTP 401: with a refresh token, one refresh for every concurrent 401 (single flight),
 * the dialog 'Sucesso' / 'Sua página será atualizada' and a reload after 750 ms; when the refresh
 * fails, 'Erro' / 'Não foi possível autenticar…' and logout. Without a refresh token: logout.
 */
export const handleUnauthorized = (_error?: unknown) => {
  if (state !== 'idle') return;
  if (!getRefreshToken()) {
    state = 'done';
    logout();
    state = 'idle';
    return;
  }
  state = 'refreshing';
  refreshTokens().then(
    () => {
      state = 'done';
      showStatusDialog('success', uiMessages.tokenRefreshSuccessTitle, uiMessages.tokenRefreshSuccessMessage);
      setTimeout(reloadPage, limits.tokenRefreshReloadMs);
    },
    () => {
      state = 'done';
      showStatusDialog('error', uiMessages.tokenRefreshFailureTitle, uiMessages.tokenRefreshFailureMessage);
      setTimeout(() => {
        state = 'idle';
        logout();
      }, limits.tokenRefreshReloadMs);
    },
  );
};
