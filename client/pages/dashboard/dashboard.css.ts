import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

/** The theme's warning text on warningSoft is 4.44:1, under WCAG AA's 4.5:1 for small text; this is 6.3:1. */
const WARNING_ON_SOFT = '#7a5200';

export const pageHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.md,
  marginBottom: vars.space.lg,
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const statCard = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, justifyContent: 'space-between' });
export const statLabel = style({ color: vars.color.textMuted, fontWeight: 600, margin: 0 });
export const statValue = style({ fontSize: vars.fontSize.xxl, fontWeight: 800, margin: 0, color: vars.color.brand, lineHeight: 1.1 });

export const section = style({ marginTop: vars.space.lg });

export const list = style({ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const item = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const itemHead = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });
export const itemTitle = style({ fontSize: vars.fontSize.md, fontWeight: 700, margin: 0 });

export const meta = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 160px), 1fr))',
  gap: vars.space.sm,
  margin: 0,
});
export const metaTerm = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const metaValue = style({ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' });

const badgeBase = style({
  display: 'inline-block',
  padding: '2px 10px',
  borderRadius: vars.radius.pill,
  fontWeight: 700,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'nowrap',
});

/** Spec 1-core §4: each status its colour; an unknown one grey. The word is always written too. */
export const status = styleVariants({
  draft: [badgeBase, { background: vars.color.surfaceAlt, color: vars.color.textMuted, border: `1px solid ${vars.color.border}` }],
  'in-progress': [badgeBase, { background: vars.color.warningSoft, color: WARNING_ON_SOFT }],
  submitted: [badgeBase, { background: vars.color.brandSoft, color: vars.color.brand }],
  approved: [badgeBase, { background: vars.color.successSoft, color: vars.color.success }],
  rejected: [badgeBase, { background: vars.color.dangerSoft, color: vars.color.danger }],
  unknown: [badgeBase, { background: vars.color.surfaceAlt, color: vars.color.textMuted, border: `1px solid ${vars.color.border}` }],
});

export const progressRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });
export const progressTrack = style({ flex: 1, height: 8, borderRadius: vars.radius.pill, background: vars.color.brandSoft, overflow: 'hidden' });
export const progressFill = style({ height: '100%', background: vars.color.brand });
export const progressText = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, whiteSpace: 'nowrap' });

export const orders = style({ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const order = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});

export const select = style({
  minHeight: 44,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
});

/** No inner scroll box: on a phone the dialog itself scrolls, one scroll for the whole read (issue 45 item 13). */
export const answers = style({ display: 'grid', gap: vars.space.sm, margin: 0 });

/** Close, held at the foot of the dialog while its content scrolls under it. */
export const closeBar = style({
  position: 'sticky',
  bottom: 0,
  paddingBlock: vars.space.sm,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
});

globalStyle(`${answers} dd`, { margin: 0, fontWeight: 600, overflowWrap: 'anywhere' });
