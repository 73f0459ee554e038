import { shortenAddress } from '@minecloud/contract/address';
import { useTranslation } from 'react-i18next';
import { useUser } from '@/api/get-user';
import { LinkRows } from '@/components/link-rows';
import { paths } from '@/config/paths';

/** The member's bindings in settings: the email, the withdrawal wallet and the address book, each opening its page. */
export function AccountLinks() {
  const { t } = useTranslation();
  const user = useUser();
  const bound = (value: string | null | undefined) => (user.data ? value || t('accountNotBound') : '');
  return (
    <LinkRows
      label={t('accountSection')}
      testIdPrefix="account-go"
      links={[
        {
          route: paths.bindEmail,
          icon: 'mail',
          name: 'email',
          labelKey: 'accountEmail',
          hint: <span data-testid="account-email">{bound(user.data?.email)}</span>,
        },
        {
          route: paths.bindWallet,
          icon: 'wallet',
          name: 'wallet',
          labelKey: 'accountWallet',
          hint: <span data-testid="account-wallet">{bound(shortenAddress(user.data?.withdrawAddress))}</span>,
        },
        { route: paths.addressBook, icon: 'shield', name: 'address-book' },
      ]}
    />
  );
}
