import { type SupportChannel, supportLink } from '@minecloud/contract/support';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '@/components/icons';
import type { MessageKey } from '@/i18n/i18n';
import { copyText } from '@/lib/copy';

const CHANNELS: Record<SupportChannel, { icon: IconName; label: MessageKey }> = {
  email: { icon: 'mail', label: 'serviceEmail' },
  telegram: { icon: 'send', label: 'serviceTelegram' },
};

type ContactRowProps = { channel: SupportChannel; value: string };

/**
 * One way to reach support: a link that opens it (the mail app, or Telegram, in a new tab the
 * Telegram app takes over) and a copy button.
 */
export function ContactRow({ channel, value }: ContactRowProps) {
  const { t } = useTranslation();
  const { icon, label } = CHANNELS[channel];
  const elsewhere = channel === 'telegram' ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return (
    <li className="contact-row" data-testid={`contact-${channel}`}>
      <a
        className="contact-row__link"
        href={supportLink(channel, value)}
        {...elsewhere}
        data-testid={`contact-${channel}-link`}
      >
        <span className="contact-row__icon">
          <Icon name={icon} size={20} />
        </span>
        <span className="contact-row__text">
          <span className="contact-row__label">{t(label)}</span>
          {/* Read as "label value", not run together; the column's layout ignores the space. */}{' '}
          <span className="contact-row__value" data-testid={`contact-${channel}-value`}>
            {value}
          </span>
        </span>
      </a>
      <button
        type="button"
        className="plain-button contact-row__copy"
        onClick={() => void copyText(value)}
        aria-label={t('serviceCopy', { what: t(label) })}
        data-testid={`contact-${channel}-copy`}
      >
        <Icon name="copy" size={16} />
        {t('copy')}
      </button>
    </li>
  );
}
