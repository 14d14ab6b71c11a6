import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const hero = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: vars.space.sm });

export const checkmark = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 64,
  height: 64,
  borderRadius: '50%',
  background: vars.color.successSoft,
  color: vars.color.success,
  fontSize: 32,
  fontWeight: 800,
});

export const orderList = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 200px), 1fr))',
  gap: vars.space.md,
  margin: 0,
});
export const term = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const value = style({ margin: 0, fontWeight: 700, overflowWrap: 'anywhere' });
export const number = style({ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' });

export const features = style({ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const feature = style({ display: 'flex', gap: vars.space.sm });
export const tick = style({ color: vars.color.success, fontWeight: 700, flex: 'none' });

export const premium = style({
  border: `2px solid ${vars.color.brand}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  background: vars.color.brandSoft,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const code = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
  letterSpacing: '0.05em',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  background: vars.color.surface,
  border: `1px dashed ${vars.color.brand}`,
  borderRadius: vars.radius.sm,
  userSelect: 'all',
  overflowWrap: 'anywhere',
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  '@media': { 'screen and (max-width: 480px)': { flexDirection: 'column', alignItems: 'stretch' } },
});

export const legal = style({
  background: vars.color.warningSoft,
  border: `1px solid ${vars.color.warning}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

/** One traveller's receipt line in a group's confirmation, set apart from the next. */
export const traveller = style({ paddingBottom: vars.space.md, borderBottom: `1px solid ${vars.color.border}`, selectors: { '&:last-child': { borderBottom: 'none', paddingBottom: 0 } } });
