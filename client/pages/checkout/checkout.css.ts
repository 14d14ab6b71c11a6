import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

/** Summary beside the form on wide screens; under 800px the summary stacks above the form. */
export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1.3fr)',
  alignItems: 'start',
  '@media': { 'screen and (max-width: 800px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const options = style({ border: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const legend = style({ fontWeight: 700, marginBottom: vars.space.sm, padding: 0 });

export const option = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': { borderColor: vars.color.brand, background: vars.color.brandSoft },
    '&:has(input:disabled)': { cursor: 'not-allowed', opacity: 0.7 },
  },
});

export const optionRadio = style({ marginTop: 4, width: 18, height: 18, flex: 'none' });
export const optionBody = style({ display: 'flex', flexDirection: 'column', gap: 2, flexGrow: 1 });
export const optionHead = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.sm, fontWeight: 700 });


export const fields = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': { 'screen and (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const wide = style({ gridColumn: '1 / -1' });
export const hint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, marginTop: vars.space.xs });

export const features = style({ margin: 0, paddingLeft: vars.space.lg });
export const fullWidth = style({ width: '100%' });

export const upgrades = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const upgrade = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
