import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { preassessmentCatalog } from '../../../machines/domain/catalogs/preassessment';
import type { SubmitInput } from '../../../machines/questionWizard.machine';
import { createLead } from '../../api/leads';
import { usePageMeta } from '../../app/usePageMeta';
import { useQuestionWizard } from '../../app/wizard/useQuestionWizard';
import { WizardQuestion } from '../../app/wizard/WizardQuestion';
import { Fact } from '../../components/Fact';
import { Spinner } from '../../components/Spinner';
import { button, card, factList, heading, narrow, page, stack } from '../../styles/ui.css';

/** Spec 1-core §2.3, §4: the completion fee of the question wizard. */
const COMPLETION_FEE = 100;

/** The pre-assessment lead: incomplete and unpaid until checkout (spec 1-core §4). */
async function submitPreassessment({ answers }: SubmitInput): Promise<{ leadId: string }> {
  const { id } = await createLead({
    name: answers['full-name'] ?? '',
    email: answers.email ?? '',
    phone: answers.phone ?? '',
    formType: answers['form-type'] === 'ESTA' ? 'ESTA' : 'DS-160',
    nationality: answers.nationality ?? '',
    travelPurpose: answers['purpose-of-travel'] ?? '',
    formData: answers,
    completionStatus: 'incomplete',
    paymentStatus: 'unpaid',
    source: 'wizard',
  });
  return { leadId: id };
}

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
    submit: submitPreassessment,
    messages: { submitFailed: { title: 'wizard:toast.error', description: 'wizard:toast.formFailed' } },
    destination: () => null,
  });
  const done = useSelector(wizard, (s) => s.status === 'done');
  const formType = useSelector(wizard, (s) => (s.output?.answers['form-type'] === 'ESTA' ? 'ESTA' : 'DS-160'));

  if (done) {
    return (
      <div className={`${narrow} ${page}`}>
        <section className={`${card} ${stack}`} aria-labelledby="done-title">
          <h1 id="done-title" className={heading.page} tabIndex={-1} ref={(el) => el?.focus()}>
            {t('preassessment.done')}
          </h1>
          <dl className={factList}>
            <Fact term={t('preassessment.formType')} value={formType} testId="done-form-type" />
            <Fact term={t('preassessment.service')} value={t(`preassessment.services.${formType === 'ESTA' ? 'esta' : 'ds160'}`)} />
            <Fact term={t('preassessment.total')} value={`$${COMPLETION_FEE.toFixed(2)}`} testId="done-total" />
          </dl>
          <Link to={`/checkout?formType=${encodeURIComponent(formType)}&amount=${COMPLETION_FEE}`} className={button.primary}>
            {t('preassessment.pay')}
          </Link>
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
