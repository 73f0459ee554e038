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

/** Customer service: the support email and Telegram of the basic config, each to copy. */
export default function CustomerServicePage() {
  const { t } = useTranslation();
  const config = useBasicConfig();

  let contacts: React.ReactNode;
  if (config.data) {
    const { email, telegram } = config.data.customerService;
    contacts = (
      <ul className="service-contacts" data-testid="service-contacts">
        <ContactRow icon="mail" label={t('serviceEmail')} value={email} name="email" />
        <ContactRow icon="send" label={t('serviceTelegram')} value={telegram} name="telegram" />
      </ul>
    );
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
        <p>{t('serviceIntro')}</p>
      </section>
      {contacts}
      <LinkRows links={MORE} label={t('titleFeedback')} testIdPrefix="service-go" />
    </div>
  );
}
