import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

const base = style({
  border: 'none',
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
  maxHeight: '90vh',
  overflowY: 'auto',
  boxShadow: vars.shadow.raised,
  color: vars.color.text,
  selectors: { '&::backdrop': { background: 'rgba(20,33,61,.45)' } },
  '@media': { 'screen and (max-width: 480px)': { padding: vars.space.md } },
});

/** A note (480 px), a panel of details (560 px), or a choice laid out in columns (960 px); never wider than the screen. */
export const dialog = styleVariants({
  narrow: [base, { width: 'min(92vw, 480px)' }],
  medium: [base, { width: 'min(92vw, 560px)' }],
  wide: [base, { width: 'min(94vw, 960px)' }],
});
