import { useTranslation } from 'react-i18next';
import { LinkRows } from '@/components/link-rows';
import { paths } from '@/config/paths';
import { LANGUAGE_NAMES } from '@/i18n/languages';
import { useSession } from '@/lib/session';

/** The general settings and help: language, customer service, feedback and announcements. */
export function AboutLinks() {
  const { t } = useTranslation();
  const locale = useSession((state) => state.localType);
  return (
    <LinkRows
      label={t('aboutGeneral')}
      testIdPrefix="about-go"
      links={[
        {
          route: paths.aboutI18n,
          icon: 'globe',
          name: 'language',
          labelKey: 'languageSwitchLabel',
          hint: LANGUAGE_NAMES[locale],
        },
        { route: paths.services, icon: 'service', name: 'services' },
        { route: paths.feedback, icon: 'feedback', name: 'feedback' },
        { route: paths.feedOrder, icon: 'history', name: 'feedback-history' },
        { route: paths.noticeList, icon: 'bell', name: 'notices' },
      ]}
    />
  );
}
