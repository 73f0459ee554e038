import { useTranslation } from 'react-i18next';
import { checkWithdrawAddress } from '@/lib/address-check';
import { checkCode } from '@/lib/binding-checks';
import { errorText } from '@/lib/error-text';

type Refused = { address?: string | undefined; code?: string | undefined };

/**
 * The address and email-code problems of a wallet form (withdraw, save an address): the server's
 * refusal of a field first, else, once the member has tried, what the app sees wrong itself.
 */
export function useAddressCodeErrors(
  address: string,
  code: string,
  tried: boolean,
  refused: Refused,
  platform: string[] = [],
) {
  const { t } = useTranslation();
  const addressProblem = checkWithdrawAddress(address, platform);
  const codeProblem = checkCode(code);
  const addressError =
    refused.address ??
    (tried && addressProblem
      ? addressProblem === 'addressRequired'
        ? t('walletAddressRequired')
        : errorText(addressProblem)
      : null);
  const codeError =
    refused.code ??
    (tried && codeProblem ? (code.trim() ? t('emailCodeRequired') : errorText('enterEmailCode')) : null);
  return { addressProblem, codeProblem, addressError, codeError };
}
