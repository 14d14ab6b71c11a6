import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { estaCatalog } from '../../../machines/domain/catalogs/esta';
import { useMoney } from '../../app/money';
import { useSiteData } from '../../app/siteData';
import { usePageMeta } from '../../app/usePageMeta';
import { SectionPanel } from '../../components/wizard/SectionProgress';
import { useQuestionWizard } from '../../app/wizard/useQuestionWizard';
import { WizardQuestion } from '../../components/wizard/WizardQuestion';
import * as css from '../../components/wizard/wizard.css';
import { button, card, container, heading, notice, page, spread, stack } from '../../styles/ui.css';

export default function ApplyEstaWizardPage() {
  const { t } = useTranslation('wizard');
  usePageMeta('esta');
  const { prices } = useSiteData();
  const money = useMoney();
  const wizard = useQuestionWizard({
    catalog: estaCatalog,
    messages: { submitFailed: { title: 'wizard:toast.error', description: 'wizard:toast.estaFailed' } },
    followCheckout: true,
  });

  return (
    <div className={`${container} ${page} ${stack}`}>
      <div className={spread}>
        <h1 className={heading.page}>{t('esta.title')}</h1>
        <Link to="/" className={button.ghost}>
          {t('home')}
        </Link>
      </div>
      <div className={css.layout}>
        <aside className={`${card} ${stack} ${css.sidePanel} ${css.sideColumn}`} aria-label={t('sections')}>
          <SectionPanel wizard={wizard} />
          {/* The government's fee as the server states it, once it has. */}
          {prices && <p className={notice.info}>{t('esta.info', { fee: money(prices.esta.governmentFee / 100, { cents: true }) })}</p>}
        </aside>
        <WizardQuestion wizard={wizard} counter="question" submitLabel={t('esta.submit')} submittingLabel={t('submitting')} />
      </div>
    </div>
  );
}
