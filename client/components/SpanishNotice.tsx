import { useTranslation } from 'react-i18next';
import { useLanguage } from '../app/AppContext';
import { heading, muted } from '../styles/ui.css';

/** Options of the notice's fixed-language translations: a constant, so the hook's memo holds. */
const SPANISH = { lng: 'es' } as const;

/**
 * The spec's legal notice (1-core §2.4, §2.6) is in Spanish: shown in Spanish whatever the interface language,
 * with a translation beside it when the interface is not Spanish.
 */
export function SpanishNotice({ className, titleId }: { className: string; titleId: string }) {
  const { t } = useTranslation('commerce');
  const { t: es } = useTranslation('commerce', SPANISH);
  const { language } = useLanguage();
  return (
    <aside className={className} aria-labelledby={titleId}>
      <div lang="es">
        <h2 id={titleId} className={heading.section}>
          {es('legal.title')}
        </h2>
        <p>{es('legal.body')}</p>
      </div>
      {language !== 'es' && (
        <p className={muted}>
          <strong>{t('legal.translation')}</strong> {t('legal.body')}
        </p>
      )}
    </aside>
  );
}
