import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

export const combobox = style({ position: 'relative' });

export const listbox = style({
  listStyle: 'none',
  margin: `${vars.space.xs} 0 0`,
  padding: vars.space.xs,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
  maxHeight: 360,
  overflowY: 'auto',
});

export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  selectors: { '&[aria-selected="true"], &:hover': { background: vars.color.brandSoft } },
});

export const flag = style({ fontSize: 22, lineHeight: 1 });

export const chosen = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.successSoft,
});

export const valid = style({ color: vars.color.success, fontWeight: 700 });

export const quickPicks = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, marginTop: vars.space.sm });
export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  borderRadius: vars.radius.pill,
  padding: `${vars.space.xs} ${vars.space.md}`,
  cursor: 'pointer',
  minHeight: 40,
  selectors: { '&:hover': { borderColor: vars.color.brand } },
});

export const purposeGrid = style({
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 150px), 1fr))',
  border: 'none',
  padding: 0,
  margin: 0,
});

export const purposeCard = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surface,
  cursor: 'pointer',
  textAlign: 'left',
  selectors: {
    '&[aria-checked="true"]': { borderColor: vars.color.brand, background: vars.color.brandSoft },
    '&:hover': { borderColor: vars.color.brand },
  },
});

export const purposeIcon = style({ fontSize: 28, lineHeight: 1 });

export const stepper = style({
  display: 'flex',
  gap: vars.space.sm,
  listStyle: 'none',
  padding: 0,
  margin: `0 0 ${vars.space.lg}`,
  flexWrap: 'wrap',
});

export const stepItem = style({
  flex: '1 1 0',
  minWidth: 90,
  padding: vars.space.sm,
  borderBottom: `4px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  selectors: {
    '&[aria-current="step"]': { borderColor: vars.color.brand, color: vars.color.brand },
    '&[data-done="true"]': { borderColor: vars.color.success, color: vars.color.success },
  },
});

export const switchRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, cursor: 'pointer' });
export const switchTrack = style({
  appearance: 'none',
  width: 44,
  height: 24,
  borderRadius: vars.radius.pill,
  background: vars.color.border,
  position: 'relative',
  cursor: 'pointer',
  margin: 0,
  flex: 'none',
  selectors: {
    '&::after': {
      content: '""',
      position: 'absolute',
      top: 3,
      left: 3,
      width: 18,
      height: 18,
      borderRadius: '50%',
      background: vars.color.surface,
      transition: 'left .15s',
    },
    '&:checked': { background: vars.color.brand },
    '&:checked::after': { left: 23 },
  },
});
