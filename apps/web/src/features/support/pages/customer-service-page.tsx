import { SUPPORT_CHANNELS } from '@minecloud/contract/support';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useBasicConfig } from '@/api/get-basic-config';
import { ErrorState } from '@/components/error-state';
import { type LinkRow, LinkRows } from '@/components/link-rows';
import { paths } from '@/config/paths';
import { ContactRow } from '../components/contact-row';
import './customer-service-page.css';

const MORE: LinkRow[] = [
  { route: paths.feedback, icon: 'feedback', name: 'feedback' },
  { route: paths.feedOrder, icon: 'history', name: 'feedback-history' },
];

/**
 * Customer service: the contacts the operators set (the basic config's `customerService`), each to
 * open or copy; a channel left unset is not shown. With none, it points to feedback, whose replies
 * come back in the feedback history.
 */
export default function CustomerServicePage() {
  const { t } = useTranslation();
  const config = useBasicConfig();

  let note: React.ReactNode = null;
  let contacts: React.ReactNode = null;
  if (config.data) {
    const { customerService } = config.data;
    const set = SUPPORT_CHANNELS.flatMap((channel) => {
      const value = customerService[channel];
      return value ? [{ channel, value }] : [];
    });
    if (set.length > 0) {
      note = <p>{t('serviceIntro')}</p>;
      contacts = (
        <ul className="service-contacts" data-testid="service-contacts">
          {set.map(({ channel, value }) => (
            <ContactRow key={channel} channel={channel} value={value} />
          ))}
        </ul>
      );
    } else {
      note = (
        <p data-testid="service-none">
          {t('serviceNone', { feedback: t('titleFeedback'), history: t('titleFeedbackHistory') })}
        </p>
      );
    }
  } else if (config.isPending) {
    contacts = <Skeleton.Paragraph lineCount={4} animated data-testid="service-loading" />;
  } else {
    contacts = (
      <ErrorState message={t('serviceLoadFailed')} onRetry={() => void config.refetch()} testId="service-error" />
    );
  }

  return (
    <div className="service-page">
      <section className="service-intro">
        <h2>{t('serviceHeading')}</h2>
        {note}
      </section>
      {contacts}
      <LinkRows links={MORE} label={t('titleFeedback')} testIdPrefix="service-go" />
    </div>
  );
}
