import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../../machines/domain/routes';
import { usePageMeta } from '../../app/usePageMeta';
import { card, heading, narrow, page, stack } from '../../styles/ui.css';

/** The days server/config.ts keeps by default (RETENTION_UNPAID_DAYS, RETENTION_PAID_PHOTO_DAYS). */
const RETENTION = { unpaidDays: 30, photoDays: 90 };

const SECTIONS = ['kept', 'why', 'howLong', 'ai', 'rights'] as const;

/** The privacy notice (issue 44): what is kept, why, for how long, and which AI engine reads the chats. */
export default function PrivacyPage() {
  const { t } = useTranslation('privacy');
  usePageMeta('other');
  return (
    <div className={`${narrow} ${page}`}>
      <article className={`${card} ${stack}`} aria-labelledby="privacy-title">
        <h1 id="privacy-title" className={heading.page}>
          {t('page.title')}
        </h1>
        <p>{t('page.intro')}</p>
        {SECTIONS.map((section) => (
          <section key={section} aria-labelledby={`privacy-${section}`}>
            <h2 id={`privacy-${section}`} className={heading.section}>
              {t(`page.${section}Title`)}
            </h2>
            <p>{t(`page.${section}`, RETENTION)}</p>
          </section>
        ))}
        <p>
          <Link to={ROUTES.dashboard}>{t('card.title')}</Link>
        </p>
      </article>
    </div>
  );
}
