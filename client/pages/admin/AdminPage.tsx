import { shallowEqual, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { ADMIN_FORM_ID, adminGateFlow, adminGateView } from '../../../machines/adminGate.view';
import { useFlow } from '../../app/useFlow';
import { usePageMeta } from '../../app/usePageMeta';
import { SignInForm } from '../../components/SignInForm';
import { Spinner } from '../../components/Spinner';
import { button, card, heading, muted, narrow, page, stack } from '../../styles/ui.css';
import { AdminDashboard } from './AdminDashboard';

/** /teamomora (spec 1-core §2.10): the gate, then the dashboard. */
export default function AdminPage() {
  const { t } = useTranslation('admin');
  usePageMeta('other');
  const gate = useFlow(adminGateFlow);
  const { checking, authenticated, dashboard, signingIn, username, fields, errors } = useSelector(gate, adminGateView, shallowEqual);

  if (checking) return <Spinner label={t('gate.checking')} />;
  if (authenticated && dashboard) return <AdminDashboard dashboard={dashboard} username={username ?? ''} onSignOut={() => gate.send({ type: 'SIGN_OUT' })} />;

  return (
    <div className={`${narrow} ${page}`}>
      <section className={`${card} ${stack}`} aria-labelledby="admin-gate-title">
        <div>
          <h1 id="admin-gate-title" className={heading.page}>
            {t('gate.title')}
          </h1>
          <p className={muted}>{t('gate.lead')}</p>
        </div>
        <SignInForm
          id={ADMIN_FORM_ID}
          fields={[
            { field: 'username', id: 'admin-username', label: t('gate.username'), type: 'text', autoComplete: 'username' },
            { field: 'password', id: 'admin-password', label: t('gate.password'), type: 'password', autoComplete: 'current-password' },
          ]}
          values={fields}
          errors={errors}
          busy={signingIn}
          submitting={signingIn}
          submitLabel={t('gate.submit')}
          submittingLabel={t('gate.submitting')}
          testId="admin-submit"
          onChange={(field, value) => gate.send({ type: 'FIELD.CHANGE', field, value })}
          onSubmit={() => gate.send({ type: 'SUBMIT' })}
        />
        <button type="button" className={button.ghost} onClick={() => gate.send({ type: 'BACK_HOME' })} disabled={signingIn}>
          {t('gate.back')}
        </button>
      </section>
    </div>
  );
}
