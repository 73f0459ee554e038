import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { confirmDialog } from '@/lib/dialog';
import { dropPushSubscription } from '@/lib/push-subscription';
import { useSession } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { useLogoutMutation } from '../api/logout';

/**
 * Sign-out after "Confirm Clear Connection?": the server forgets the token, this device forgets
 * the session, and home opens. Answers whether the member went through with it.
 */
export function useDisconnect(): { disconnect: () => Promise<boolean>; pending: boolean } {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = useSession((state) => state.signOut);
  const logout = useLogoutMutation();

  async function disconnect(): Promise<boolean> {
    const confirmed = await confirmDialog({
      content: t('confirmClearConnection'),
      confirmText: t('confirm'),
      cancelText: t('cancel'),
    });
    if (!confirmed) return false;
    // Pushes stop with the session (while its token can still say so); it ends on this device even
    // if the server cannot be told.
    await dropPushSubscription().catch(() => undefined);
    await logout.mutateAsync().catch(() => undefined);
    signOut();
    queryClient.removeQueries({ queryKey: ['user'] });
    showToast(t('signedOut'));
    navigate(paths.root.href(), { replace: true });
    return true;
  }

  return { disconnect, pending: logout.isPending };
}
