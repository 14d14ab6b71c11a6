import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RouteName } from '../../../machines/domain/routes';
import { usePageMeta, type MetaPage } from '../../app/usePageMeta';
import { button, card, heading, narrow, page, stack } from '../../styles/ui.css';

const META: Partial<Record<RouteName, MetaPage>> = {
  wizard: 'wizard',
  pricing: 'pricing',
  dashboard: 'dashboard',
  applyEstaWizard: 'esta',
  aiChatSections: 'chat',
};

export function ComingSoonPage({ route }: { route: RouteName }) {
  const { t } = useTranslation();
  usePageMeta(META[route] ?? 'other');
  return (
    <div className={`${narrow} ${page}`}>
      <section className={`${card} ${stack}`} aria-labelledby="soon-title">
        <h1 id="soon-title" className={heading.page}>
          {t(`screens.${route}`)}
        </h1>
        <p>{t('comingSoon.body')}</p>
        <Link to="/" className={button.secondary}>
          {t('comingSoon.home')}
        </Link>
      </section>
    </div>
  );
}
