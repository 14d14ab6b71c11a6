import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { preassessmentCatalog } from '../../../machines/domain/catalogs/preassessment';
import { ROUTES } from '../../../machines/domain/routes';
import { usePageMeta } from '../../app/usePageMeta';
import { useQuestionWizard } from '../../app/wizard/useQuestionWizard';
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
  const wizard = useQuestionWizard({
    catalog: preassessmentCatalog,
    messages: { submitFailed: { title: 'wizard:toast.error', description: 'wizard:toast.formFailed' } },
    followCheckout: false,
  });
  // The completion card shows what the server answered: the form type chosen, the fee and the checkout.
  const output = useSelector(wizard, (s) => (s.status === 'done' && s.output?.kind === 'submitted' ? s.output : undefined));

  if (output) {
    const formType = output.answers['form-type'] === 'ESTA' ? 'ESTA' : 'DS-160';
    return (
      <div className={`${narrow} ${page}`}>
        <section className={`${card} ${stack}`} aria-labelledby="done-title">
          <h1 id="done-title" className={heading.page} tabIndex={-1} ref={(el) => el?.focus()}>
            {t('preassessment.done')}
          </h1>
          <dl className={factList}>
            <Fact term={t('preassessment.formType')} value={formType} testId="done-form-type" />
            <Fact term={t('preassessment.service')} value={t(`preassessment.services.${formType === 'ESTA' ? 'esta' : 'ds160'}`)} />
          </dl>
          {/* Spec 1-core §2.3's total, as the server's price story: the review's fee, processing and the government fee. */}
          {output.price && <PriceLines price={output.price} service={formType} product="completion" />}
          <div className={row}>
            <Link to={output.to} className={button.primary}>
              {t('preassessment.pay')}
            </Link>
            <Link to={ROUTES.results} className={button.secondary} data-testid="done-see-analysis">
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
