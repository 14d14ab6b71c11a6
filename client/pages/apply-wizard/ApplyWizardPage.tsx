import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ds160Catalog } from '../../../machines/domain/catalogs/ds160';
import { usePageMeta } from '../../app/usePageMeta';
import { SectionStepper } from '../../components/wizard/SectionProgress';
import { useQuestionWizard } from '../../app/wizard/useQuestionWizard';
import { WizardQuestion } from '../../components/wizard/WizardQuestion';
import { WizardReview } from '../../components/wizard/WizardReview';
import { button, heading, narrow, page, spread, stack } from '../../styles/ui.css';

export default function ApplyWizardPage() {
  const { t } = useTranslation('wizard');
  usePageMeta('apply');
  const wizard = useQuestionWizard({
    catalog: ds160Catalog,
    messages: {
      submitted: { title: 'wizard:toast.submitted.title' },
      submitFailed: { title: 'wizard:toast.error', description: 'wizard:toast.ds160Failed' },
    },
    followCheckout: true,
  });
  const reviewing = useSelector(wizard, (s) => s.hasTag('review'));

  return (
    <div className={`${narrow} ${page} ${stack}`}>
      <div className={spread}>
        <h1 className={heading.page}>{t('ds160.title')}</h1>
        <Link to="/" className={button.ghost}>
          {t('home')}
        </Link>
      </div>
      <SectionStepper wizard={wizard} />
      {reviewing ? (
        <WizardReview wizard={wizard} submitLabel={t('ds160.submit')} submittingLabel={t('submitting')} />
      ) : (
        <WizardQuestion wizard={wizard} counter="question" submitLabel={t('ds160.submit')} submittingLabel={t('submitting')} />
      )}
    </div>
  );
}
