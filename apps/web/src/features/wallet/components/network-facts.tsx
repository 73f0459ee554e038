import { chainFacts } from '@minecloud/contract/chains';
import { useTranslation } from 'react-i18next';
import { AddressText } from '@/components/address-text';
import './network-facts.css';

type NetworkFactsProps = {
  chainId: number;
  /** The token contracts that count, by asset (the withdrawn asset's alone on the withdraw form). */
  tokens: { asset: string; contract: string }[];
  kind: 'withdraw' | 'deposit';
};

/**
 * The network before any money moves: the chain by name and id, the token standard, the token
 * contract, and that another network loses the funds (exchanges put this choice first).
 */
export function NetworkFacts({ chainId, tokens, kind }: NetworkFactsProps) {
  const { t } = useTranslation();
  const chain = chainFacts(chainId);
  return (
    <section className="network-facts" aria-label={t('networkLabel')} data-testid={`${kind}-network`}>
      <dl className="network-facts__list">
        <div>
          <dt>{t('networkLabel')}</dt>
          <dd data-testid={`${kind}-network-name`}>{t('networkChain', { name: chain.name, id: chain.id })}</dd>
        </div>
        <div>
          <dt>{t('tokenStandardLabel')}</dt>
          <dd data-testid={`${kind}-network-standard`}>{chain.standard}</dd>
        </div>
        {tokens.map((token) => (
          <div key={token.asset}>
            <dt>{t('tokenContractLabel', { asset: token.asset })}</dt>
            <dd>
              <AddressText
                address={token.contract}
                className="network-facts__contract"
                testId={`${kind}-token-${token.asset}`}
              />
            </dd>
          </div>
        ))}
      </dl>
      <p className="network-facts__warning" role="note" data-testid={`${kind}-network-warning`}>
        {t(kind === 'withdraw' ? 'withdrawNetworkWarning' : 'depositNetworkWarning', {
          network: chain.name,
          standard: chain.standard,
          // Networks members confuse this one with, named the same in every language.
          others: 'Ethereum / TRON',
        })}
      </p>
    </section>
  );
}
