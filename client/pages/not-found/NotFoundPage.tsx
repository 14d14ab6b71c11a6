import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { usePageMeta } from '../../app/usePageMeta';
import { button, card, heading, narrow, page, stack } from '../../styles/ui.css';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  usePageMeta('other');
  return (
    <div className={`${narrow} ${page}`}>
      <section className={`${card} ${stack}`} aria-labelledby="nf-title">
        <h1 id="nf-title" className={heading.page}>
          {t('notFound.title')}
        </h1>
        <p>{t('notFound.body')}</p>
        <p>
          <code>{pathname}</code>
        </p>
        <p>
          <small>{t('notFound.hint')}</small>
        </p>
        <Link to="/" className={button.primary}>
          {t('notFound.home')}
        </Link>
      </section>
    </div>
  );
}
