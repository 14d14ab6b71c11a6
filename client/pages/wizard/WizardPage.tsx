import { shallowEqual, useSelector } from '@xstate/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { preassessmentFlow } from '../../../machines/preassessment.view';
import { completionView } from '../../../machines/questionWizard.view';
import { Link } from '../../app/Link';
import { useFlow } from '../../app/useFlow';
import { usePageMeta } from '../../app/usePageMeta';
import { WizardQuestion } from '../../components/wizard/WizardQuestion';
import { Fact } from '../../components/Fact';
import { PriceLines } from '../../components/PriceStory';
import { Spinner } from '../../components/Spinner';
import { button, card, factList, heading, narrow, page, row, stack } from '../../styles/ui.css';

export default function WizardPage() {
  const { t } = useTranslation();
  usePageMeta('wizard');
  return (
    <Suspense fallback={<Spinner label={t('loadingForm')} />}>
      <PreassessmentWizard />
    </Suspense>
  );
}

function PreassessmentWizard() {
  const { t } = useTranslation('wizard');
  const wizard = useFlow(preassessmentFlow, {});
  // The completion card shows what the server answered: the form type chosen, the fee and the checkout.
  const done = useSelector(wizard, completionView, shallowEqual);

  if (done) {
    const { formType } = done;
    return (
      <div className={`${narrow} ${page}`}>
        <section className={`${card} ${stack}`} aria-labelledby="done-title">
          <h1 id="done-title" className={heading.page} tabIndex={-1} ref={(el) => el?.focus()}>
            {t('preassessment.done')}
          </h1>
          <dl className={factList}>
            <Fact term={t('preassessment.formType')} value={formType} testId="done-form-type" />
            <Fact term={t('preassessment.service')} value={t(`preassessment.services.${done.service}`)} />
          </dl>
          {/* Spec 1-core §2.3's total, as the server's price story: the review's fee, processing and the government fee. */}
          {done.price && <PriceLines price={done.price} service={formType} product="completion" />}
          <div className={row}>
            <Link to={done.payTo} className={button.primary}>
              {t('preassessment.pay')}
            </Link>
            <Link route="results" className={button.secondary} data-testid="done-see-analysis">
              {t('preassessment.seeAnalysis')}
            </Link>
          </div>
        </section>
      </div>
    );
  }

  return (
    <div className={`${narrow} ${page} ${stack}`}>
      <h1 className={heading.page}>{t('preassessment.title')}</h1>
      <WizardQuestion wizard={wizard} counter="fraction" submitLabel={t('preassessment.submit')} submittingLabel={t('submitting')} />
    </div>
  );
}
