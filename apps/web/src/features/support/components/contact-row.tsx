import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '@/components/icons';
import { copyText } from '@/lib/copy';

type ContactRowProps = { icon: IconName; label: string; value: string; name: string };

/** One way to reach support: what it is, the address, and a copy button. */
export function ContactRow({ icon, label, value, name }: ContactRowProps) {
  const { t } = useTranslation();
  return (
    <li className="contact-row" data-testid={`contact-${name}`}>
      <span className="contact-row__icon">
        <Icon name={icon} size={20} />
      </span>
      <span className="contact-row__text">
        <span className="contact-row__label">{label}</span>
        <span className="contact-row__value" data-testid={`contact-${name}-value`}>
          {value || t('serviceNotSet')}
        </span>
      </span>
      <button
        type="button"
        className="plain-button contact-row__copy"
        onClick={() => void copyText(value)}
        aria-label={t('serviceCopy', { what: label })}
        data-testid={`contact-${name}-copy`}
      >
        <Icon name="copy" size={16} />
        {t('copy')}
      </button>
    </li>
  );
}
