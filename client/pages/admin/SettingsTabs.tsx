import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { PriceKey } from '../../../machines/adminDashboard.machine';
import { BRANDING_FORM_ID, MAX_PRICE } from '../../../machines/adminDashboard.view';
import { Spinner } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { button, card, heading, input, label, muted, stack } from '../../styles/ui.css';
import type { DashboardRef } from './AdminDashboard';
import * as css from './admin.css';
import { Failed } from './parts';

const PRICE_KEYS: readonly PriceKey[] = ['ESTA', 'DS160_BASIC', 'DS160_PRO', 'DS160_PREMIUM'];

/** Pricing (spec 1-core §2.10, §5): the four prices, whole dollars from 0; what is not a number becomes 0. */
export function PricingTab({ dashboard }: { dashboard: DashboardRef }) {
  const { t } = useTranslation('admin');
  const pricing = useSelector(dashboard, (s) => s.context.pricing);
  const saving = useSelector(dashboard, (s) => s.matches({ active: { tab: { pricing: 'saving' } } }));
  const failed = useSelector(dashboard, (s) => s.matches({ active: { tab: { pricing: 'failed' } } }));
  if (failed) return <Failed text={t('pricing.failed')} onRetry={() => dashboard.send({ type: 'RETRY' })} />;
  if (!pricing) return <Spinner label={t('pricing.loading')} />;
  return (
    <section className={`${card} ${stack}`} aria-labelledby="pricing-title">
      <div>
        <h2 id="pricing-title" className={heading.section}>
          {t('pricing.title')}
        </h2>
        <p className={muted}>{t('pricing.lead')}</p>
      </div>
      <form
        className={css.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!saving) dashboard.send({ type: 'PRICING.SAVE' });
        }}
      >
        {PRICE_KEYS.map((key) => (
          <div key={key}>
            <label htmlFor={`price-${key}`} className={label}>
              {t(`pricing.${key}`)} (USD)
            </label>
            <input
              id={`price-${key}`}
              data-testid={`price-${key}`}
              className={input}
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_PRICE}
              step={1}
              value={pricing[key]}
              readOnly={saving}
              onChange={(e) => dashboard.send({ type: 'PRICE.CHANGE', key, value: e.target.value })}
            />
          </div>
        ))}
        <button type="submit" className={button.primary} aria-busy={saving} aria-disabled={saving || undefined} data-testid="pricing-save">
          {saving ? t('pricing.saving') : t('pricing.save')}
        </button>
      </form>
    </section>
  );
}

/** Branding (spec 1-core §2.10): the brand name and the chat assistant's name. */
export function BrandingTab({ dashboard }: { dashboard: DashboardRef }) {
  const { t } = useTranslation('admin');
  const branding = useSelector(dashboard, (s) => s.context.branding);
  const errors = useSelector(dashboard, (s) => s.context.brandingErrors);
  const saving = useSelector(dashboard, (s) => s.matches({ active: { tab: { branding: 'saving' } } }));
  const failed = useSelector(dashboard, (s) => s.matches({ active: { tab: { branding: 'failed' } } }));
  if (failed) return <Failed text={t('branding.failed')} onRetry={() => dashboard.send({ type: 'RETRY' })} />;
  if (!branding) return <Spinner label={t('branding.loading')} />;
  return (
    <section className={`${card} ${stack}`} aria-labelledby="branding-title">
      <h2 id="branding-title" className={heading.section}>
        {t('branding.title')}
      </h2>
      <form
        id={BRANDING_FORM_ID}
        className={css.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          // A refusal moves focus to the first field with an error (the machine's focusError).
          if (!saving) dashboard.send({ type: 'BRANDING.SAVE' });
        }}
      >
        {(['brandName', 'chatAssistantName'] as const).map((field) => (
          <TextField
            key={field}
            id={`branding-${field}`}
            label={t(`branding.${field}`)}
            type="text"
            autoComplete="off"
            value={branding[field]}
            error={errors[field]}
            busy={saving}
            onChange={(value) => dashboard.send({ type: 'BRANDING.CHANGE', field, value })}
          />
        ))}
        <button type="submit" className={button.primary} aria-busy={saving} aria-disabled={saving || undefined} data-testid="branding-save">
          {saving ? t('branding.saving') : t('branding.save')}
        </button>
      </form>
    </section>
  );
}
