import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { 'screen and (min-width: 900px)': { gridTemplateColumns: '300px minmax(0, 1fr)' } },
});

export const sidebar = style({ alignSelf: 'start' });
export const subheading = style({ fontSize: vars.fontSize.md, margin: 0 });
export const facts = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, margin: 0 });
export const fact = style({ display: 'flex', flexDirection: 'column', margin: 0 });
export const factValue = style({ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' });
export const hint = style({ fontSize: vars.fontSize.sm, padding: `0 ${vars.space.md} ${vars.space.md}`, margin: 0 });

