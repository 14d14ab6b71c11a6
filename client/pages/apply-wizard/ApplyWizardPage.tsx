import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { applyWizardFlow } from '../../../machines/applyWizard.view';
import { reviewing } from '../../../machines/questionWizard.view';
import { Link } from '../../app/Link';
import { useFlow } from '../../app/useFlow';
import { usePageMeta } from '../../app/usePageMeta';
import { SectionStepper } from '../../components/wizard/SectionProgress';
import { WizardQuestion } from '../../components/wizard/WizardQuestion';
import { WizardReview } from '../../components/wizard/WizardReview';
import { button, heading, narrow, page, spread, stack } from '../../styles/ui.css';

export default function ApplyWizardPage() {
  const { t } = useTranslation('wizard');
  usePageMeta('apply');
  const wizard = useFlow(applyWizardFlow, {});
  const onReview = useSelector(wizard, reviewing);

  return (
    <div className={`${narrow} ${page} ${stack}`}>
      <div className={spread}>
        <h1 className={heading.page}>{t('ds160.title')}</h1>
        <Link route="home" className={button.ghost}>
          {t('home')}
        </Link>
      </div>
      <SectionStepper wizard={wizard} />
      {onReview ? (
        <WizardReview wizard={wizard} submitLabel={t('ds160.submit')} submittingLabel={t('submitting')} />
      ) : (
        <WizardQuestion wizard={wizard} counter="question" submitLabel={t('ds160.submit')} submittingLabel={t('submitting')} />
      )}
    </div>
  );
}
