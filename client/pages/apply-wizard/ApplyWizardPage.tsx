import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ds160Catalog } from '../../../machines/domain/catalogs/ds160';
import type { SubmitInput } from '../../../machines/questionWizard.machine';
import { createLead } from '../../api/leads';
import { usePageMeta } from '../../app/usePageMeta';
import { SectionStepper } from '../../app/wizard/SectionProgress';
import { useQuestionWizard } from '../../app/wizard/useQuestionWizard';
import { WizardQuestion } from '../../app/wizard/WizardQuestion';
import { button, heading, narrow, page, spread, stack } from '../../styles/ui.css';

/** Spec 2-wizards §4.2: the lead goes in completed, payment pending, and the applicant goes to checkout. */
async function submitDs160({ answers }: SubmitInput): Promise<{ leadId: string }> {
  const { id } = await createLead({
    name: [answers['first-name'], answers['last-name']].filter(Boolean).join(' '),
    email: answers['email-address'] ?? '',
    phone: answers['phone-number'] ?? '',
    formType: 'DS-160',
    nationality: answers.nationality ?? '',
    travelPurpose: answers['purpose-of-trip'] ?? '',
    formData: answers,
    completionStatus: 'completed',
    paymentStatus: 'pending',
    source: 'apply-wizard',
  });
  return { leadId: id };
}

export default function ApplyWizardPage() {
  const { t } = useTranslation('wizard');
  usePageMeta('apply');
  const wizard = useQuestionWizard({
    catalog: ds160Catalog,
    submit: submitDs160,
    messages: {
      submitted: { title: 'wizard:toast.submitted.title' },
      submitFailed: { title: 'wizard:toast.error', description: 'wizard:toast.ds160Failed' },
    },
    destination: () => '/checkout?formType=DS-160',
  });

  return (
    <div className={`${narrow} ${page} ${stack}`}>
      <div className={spread}>
        <h1 className={heading.page}>{t('ds160.title')}</h1>
        <Link to="/" className={button.ghost}>
          {t('home')}
        </Link>
      </div>
      <SectionStepper wizard={wizard} />
      <WizardQuestion wizard={wizard} counter="question" submitLabel={t('ds160.submit')} submittingLabel={t('submitting')} />
    </div>
  );
}
