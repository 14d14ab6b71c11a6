import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { estaCatalog } from '../../../machines/domain/catalogs/esta';
import type { SubmitInput } from '../../../machines/questionWizard.machine';
import { createLead, updateLead } from '../../api/leads';
import { useSiteData } from '../../app/siteData';
import { usePageMeta } from '../../app/usePageMeta';
import { SectionPanel } from '../../app/wizard/SectionProgress';
import { useQuestionWizard } from '../../app/wizard/useQuestionWizard';
import { WizardQuestion } from '../../app/wizard/WizardQuestion';
import * as css from '../../components/wizard/wizard.css';
import { button, card, container, heading, notice, page, spread, stack } from '../../styles/ui.css';

/** The government fee the ESTA checkout price leaves out (DECISIONS.md: ESTA checkout price is ESTA − 22). */
const ESTA_FEE_DEDUCTION = 22;

/**
 * Spec 2-wizards §4.3: with a captured lead, the submit completes it (status, country, plan basic);
 * without one, the fallback creates a full lead.
 */
async function submitEsta({ answers, changes, leadId }: SubmitInput): Promise<{ leadId: string }> {
  const country = answers['passport-country'] ?? '';
  if (leadId) {
    await updateLead(leadId, { formData: changes, status: 'completed', country, plan: 'basic' });
    return { leadId };
  }
  const { id } = await createLead({
    name: [answers['first-name'], answers['last-name']].filter(Boolean).join(' '),
    email: answers.email ?? '',
    phone: answers.phone ?? '',
    service: 'ESTA',
    country,
    plan: 'basic',
    formData: JSON.stringify(answers),
    status: 'completed',
    source: 'esta-wizard',
  });
  return { leadId: id };
}

export default function ApplyEstaWizardPage() {
  const { t } = useTranslation('wizard');
  const { pricing } = useSiteData();
  usePageMeta('esta');
  const wizard = useQuestionWizard({
    catalog: estaCatalog,
    submit: submitEsta,
    messages: { submitFailed: { title: 'wizard:toast.error', description: 'wizard:toast.estaFailed' } },
    destination: () => `/checkout?formType=ESTA&amount=${pricing.ESTA - ESTA_FEE_DEDUCTION}`,
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
          <p className={notice.info}>{t('esta.info')}</p>
        </aside>
        <WizardQuestion wizard={wizard} counter="question" submitLabel={t('esta.submit')} submittingLabel={t('submitting')} />
      </div>
    </div>
  );
}
