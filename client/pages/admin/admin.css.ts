import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

/** The theme's warning text on warningSoft is under WCAG AA for small text; this is 6.3:1 (as on /dashboard). */
const WARNING_ON_SOFT = '#7a5200';

export const head = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: vars.space.md, marginBottom: vars.space.lg });
export const controls = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: vars.space.sm });
export const select = style({ minHeight: 44, padding: `0 ${vars.space.sm}`, borderRadius: vars.radius.sm, border: `1px solid ${vars.color.border}`, background: vars.color.surface, font: 'inherit' });

export const cards = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 200px), 1fr))', gap: vars.space.md, marginBottom: vars.space.lg });
export const statLabel = style({ display: 'block', color: vars.color.textMuted, fontWeight: 600, margin: 0 });
export const statValue = style({ fontSize: vars.fontSize.xxl, fontWeight: 800, margin: 0, color: vars.color.brand, lineHeight: 1.2, fontVariantNumeric: 'tabular-nums' });
export const statHint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });

export const tabList = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, padding: vars.space.xs, borderRadius: vars.radius.md, background: vars.color.surfaceAlt, border: `1px solid ${vars.color.border}`, marginBottom: vars.space.md });
export const tab = style({
  minHeight: 44,
  padding: `0 ${vars.space.md}`,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: { '&[aria-selected="true"]': { background: vars.color.surface, color: vars.color.brand, boxShadow: vars.shadow.card } },
});

export const twoColumns = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 320px), 1fr))', gap: vars.space.md });
export const plainList = style({ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const listRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, justifyContent: 'space-between' });
export const flag = style({ fontSize: vars.fontSize.lg, width: '1.6em', textAlign: 'center' });
export const bar = style({ height: 8, borderRadius: vars.radius.pill, background: vars.color.surfaceAlt, overflow: 'hidden', flex: 1, minWidth: 60 });
export const barFill = style({ height: '100%', background: vars.color.brand });

export const chart = style({ width: '100%', height: 'auto', display: 'block' });
globalStyle(`${chart} .bar`, { fill: vars.color.brand });
globalStyle(`${chart} .axis`, { fill: vars.color.textMuted, fontSize: 11 });
globalStyle(`${chart} .grid`, { stroke: vars.color.border });

export const tableWrap = style({ overflowX: 'auto', border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md, background: vars.color.surface });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });
globalStyle(`${table} th, ${table} td`, { padding: `${vars.space.sm} ${vars.space.md}`, textAlign: 'left', borderBottom: `1px solid ${vars.color.border}`, whiteSpace: 'nowrap' });
globalStyle(`${table} th`, { background: vars.color.surfaceAlt, fontWeight: 700 });

const badgeBase = style({ display: 'inline-block', padding: '2px 10px', borderRadius: vars.radius.pill, fontWeight: 700, fontSize: vars.fontSize.sm, whiteSpace: 'nowrap' });
/** Spec 1-core §4 lead badges: completed default, incomplete secondary, abandoned destructive; the word is written too. */
export const statusBadge = styleVariants({
  completed: [badgeBase, { background: vars.color.brand, color: vars.color.onBrand }],
  incomplete: [badgeBase, { background: vars.color.surfaceAlt, color: vars.color.text, border: `1px solid ${vars.color.border}` }],
  abandoned: [badgeBase, { background: vars.color.dangerSoft, color: vars.color.danger }],
  paid: [badgeBase, { background: vars.color.successSoft, color: vars.color.success }],
  unpaid: [badgeBase, { background: vars.color.warningSoft, color: WARNING_ON_SOFT }],
  pending: [badgeBase, { background: vars.color.warningSoft, color: WARNING_ON_SOFT }],
  other: [badgeBase, { background: vars.color.surfaceAlt, color: vars.color.textMuted }],
});

export const progress = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, minWidth: 110 });

export const funnel = style({ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const metrics = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 180px), 1fr))', gap: vars.space.sm, margin: 0 });
export const metricTerm = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const metricValue = style({ margin: 0, fontWeight: 700, fontSize: vars.fontSize.lg });

export const form = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 1fr))', gap: vars.space.md, alignItems: 'end' });

export const dialogBody = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const dialogHead = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.md });
export const facts = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 200px), 1fr))', gap: `${vars.space.xs} ${vars.space.md}`, margin: 0 });
export const factTerm = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const factValue = style({ margin: `0 0 ${vars.space.xs}`, fontWeight: 600, overflowWrap: 'anywhere' });
export const photo = style({ width: 160, height: 160, objectFit: 'cover', borderRadius: vars.radius.md, border: `1px solid ${vars.color.border}` });
export const grow = style({ flex: 1, minWidth: 0 });

// Two-factor set-up (issue 44): the QR code on white with a quiet zone, whatever the theme; codes in a grid.
export const qr = style({ width: 200, height: 200, background: '#ffffff', padding: vars.space.xs, borderRadius: vars.radius.sm, border: `1px solid ${vars.color.border}` });
export const secret = style({ fontFamily: 'monospace', letterSpacing: '0.08em', overflowWrap: 'anywhere', fontWeight: 700 });
export const codes = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 200px), 1fr))', gap: vars.space.xs, fontFamily: 'monospace', fontSize: vars.fontSize.lg });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
