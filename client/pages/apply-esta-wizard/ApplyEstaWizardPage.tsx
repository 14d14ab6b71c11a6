import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { estaCatalog } from '../../../machines/domain/catalogs/esta';
import { TRAVELLER_PARAM } from '../../../machines/domain/travellerGroup';
import type { TravellerGroupRef } from '../../app/group/useTravellerGroup';
import { usePrefilledPaths } from '../../app/group/usePrefilledPaths';
import { useTravellerHandover } from '../../app/group/useTravellerHandover';
import { useMoney } from '../../app/money';
import { useSiteData } from '../../app/siteData';
import { usePageMeta } from '../../app/usePageMeta';
import { useQuestionWizard } from '../../app/wizard/useQuestionWizard';
import { GroupSide } from '../../components/group/GroupSide';
import { Spinner } from '../../components/Spinner';
import { SectionPanel } from '../../components/wizard/SectionProgress';
import { WizardQuestion } from '../../components/wizard/WizardQuestion';
import * as css from '../../components/wizard/wizard.css';
import { button, card, container, heading, notice, page, spread, stack } from '../../styles/ui.css';
import { GovernmentFees } from '../../components/PriceStory';

export default function ApplyEstaWizardPage() {
  const { t } = useTranslation('wizard');
  usePageMeta('esta');
  // A traveller of a group opened from its panel: their answers come from the server first (issue 36).
  const [params] = useSearchParams();
  const traveller = params.get(TRAVELLER_PARAM);
  const handover = useTravellerHandover(traveller);

  return (
    <div className={`${container} ${page} ${stack}`}>
      <div className={spread}>
        <h1 className={heading.page}>{t('esta.title')}</h1>
        <Link to="/" className={button.ghost}>
          {t('home')}
        </Link>
      </div>
      {handover.state === 'loading' && <Spinner label={t('group:panel.loading')} />}
      {handover.state === 'failed' && (
        <p role="alert" className={notice.warning}>
          {t('group:failure.loadFailed')}
        </p>
      )}
      {(handover.state === 'none' || handover.state === 'ready') && (
        <EstaWizard key={traveller ?? 'own'} traveller={handover.state === 'ready' ? handover : null} />
      )}
    </div>
  );
}

function EstaWizard({ traveller }: { traveller: { leadId: string; formData: Record<string, unknown> } | null }) {
  const { t } = useTranslation('wizard');
  const { prices } = useSiteData();
  const money = useMoney();
  const wizard = useQuestionWizard({
    catalog: estaCatalog,
    messages: { submitFailed: { title: 'wizard:toast.error', description: 'wizard:toast.estaFailed' } },
    followCheckout: true,
    traveller,
  });
  const leadId = useSelector(wizard, (s) => s.context.leadId);
  // The group panel starts again with the lead: the application has one once its e-mail is saved.
  const [group, setGroup] = useState<TravellerGroupRef | null>(null);
  const prefilled = usePrefilledPaths(group, leadId);

  return (
    <div className={css.layout}>
      <aside className={`${card} ${stack} ${css.sidePanel} ${css.sideColumn}`} aria-label={t('sections')}>
        <SectionPanel wizard={wizard} />
        {/* The government's fee as the server states it, once it has. */}
        {prices && (
          <div className={notice.info}>
            <p>{t('esta.info', { fee: money(prices.esta.governmentFee / 100, { cents: true }) })}</p>
            <GovernmentFees fees={prices.esta.governmentFees} product="esta" compact />
          </div>
        )}
        <GroupSide key={leadId ?? 'none'} leadId={leadId} onGroup={setGroup} />
      </aside>
      <WizardQuestion wizard={wizard} counter="question" submitLabel={t('esta.submit')} submittingLabel={t('submitting')} prefilled={prefilled} />
    </div>
  );
}
