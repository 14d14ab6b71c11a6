import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { TrafficDto } from '../../../openapi/schemas/admin';
import { useLanguage } from '../../app/AppContext';
import { useFormat } from '../../app/format';
import { Spinner } from '../../components/Spinner';
import { card, heading, stack } from '../../styles/ui.css';
import type { DashboardRef } from './AdminDashboard';
import * as css from './admin.css';
import { Failed, Figure } from './parts';

/** Traffic (spec 1-core §2.10): visitors, new users, new-user rate, and visits per day drawn from the data. */
export function TrafficTab({ dashboard }: { dashboard: DashboardRef }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const traffic = useSelector(dashboard, (s) => s.context.traffic);
  const loading = useSelector(dashboard, (s) => s.matches({ active: { tab: { traffic: 'loading' } } }));
  const failed = useSelector(dashboard, (s) => s.matches({ active: { tab: { traffic: 'failed' } } }));

  if (failed) return <Failed text={t('traffic.failed')} onRetry={() => dashboard.send({ type: 'RETRY' })} />;
  if (!traffic || (loading && !traffic)) return <Spinner label={t('traffic.loading')} />;
  return (
    <div className={stack} aria-busy={loading}>
      <div className={css.cards}>
        <Figure label={t('traffic.visitors')} value={format.number(traffic.totalVisitors)} />
        <Figure label={t('traffic.newUsers')} value={format.number(traffic.newUsers)} />
        <Figure label={t('traffic.newUserRate')} value={format.percent(traffic.newUserRate)} />
        <Figure label={t('traffic.pageViews')} value={format.number(traffic.pageViews)} />
      </div>
      <section className={card} aria-labelledby="traffic-chart">
        <h2 id="traffic-chart" className={heading.section}>
          {t('traffic.chart')}
        </h2>
        <VisitsChart daily={traffic.daily} />
      </section>
    </div>
  );
}

const WIDTH = 720;
const HEIGHT = 220;
const LEFT = 40;
const BOTTOM = 24;

/** Bars of visitors per day, scaled to the busiest day; the same figures in a table for screen readers. */
function VisitsChart({ daily }: { daily: TrafficDto['daily'] }) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const dayName = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const top = Math.max(1, ...daily.map((d) => d.visitors));
  const slot = (WIDTH - LEFT) / Math.max(1, daily.length);
  const labelEvery = Math.ceil(daily.length / 10);
  const y = (value: number) => HEIGHT - BOTTOM - (value / top) * (HEIGHT - BOTTOM - 10);
  return (
    <>
      <svg className={css.chart} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" data-testid="traffic-chart">
        {[...new Set([0, Math.round(top / 2), top])].map((tick) => (
          <g key={tick}>
            <line className="grid" x1={LEFT} x2={WIDTH} y1={y(tick)} y2={y(tick)} />
            <text className="axis" x={LEFT - 6} y={y(tick) + 4} textAnchor="end">
              {tick}
            </text>
          </g>
        ))}
        {daily.map((d, i) => (
          <g key={d.day}>
            <rect className="bar" x={LEFT + i * slot + slot * 0.15} width={slot * 0.7} y={y(d.visitors)} height={HEIGHT - BOTTOM - y(d.visitors)} rx={2}>
              <title>{t('traffic.chartSummary', { visitors: d.visitors, views: d.pageViews, day: dayName.format(new Date(`${d.day}T00:00:00Z`)) })}</title>
            </rect>
            {i % labelEvery === 0 && (
              <text className="axis" x={LEFT + i * slot + slot / 2} y={HEIGHT - 6} textAnchor="middle">
                {dayName.format(new Date(`${d.day}T00:00:00Z`))}
              </text>
            )}
          </g>
        ))}
      </svg>
      <table className="visually-hidden">
        <caption>{t('traffic.chart')}</caption>
        <tbody>
          {daily.map((d) => (
            <tr key={d.day}>
              <th scope="row">{dayName.format(new Date(`${d.day}T00:00:00Z`))}</th>
              <td>{t('traffic.chartSummary', { visitors: d.visitors, views: d.pageViews, day: dayName.format(new Date(`${d.day}T00:00:00Z`)) })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
