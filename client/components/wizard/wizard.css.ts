import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: '1fr',
  '@media': { 'screen and (min-width: 900px)': { gridTemplateColumns: '280px 1fr' } },
});

/** On a phone the question comes first and the side panel follows it; side by side from 900 px. */
export const sideColumn = style({
  order: 1,
  '@media': { 'screen and (min-width: 900px)': { order: 0 } },
});

export const progressTrack = style({
  height: 8,
  borderRadius: vars.radius.pill,
  background: vars.color.brandSoft,
  overflow: 'hidden',
});

// Grows by scaling, which the compositor animates alone: a width transition lays out and paints the page again on
// every frame of the 200 ms after each step, in the frames that show the step.
export const progressFill = style({
  height: '100%',
  background: vars.color.brand,
  transformOrigin: 'left',
  transition: 'transform .2s ease-out',
});

export const counter = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, fontWeight: 600 });

export const question = style({ fontSize: vars.fontSize.lg, fontWeight: 700, margin: 0, outline: 'none' });

export const hint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: `${vars.space.xs} 0 0` });

export const options = style({ display: 'grid', gap: vars.space.sm, border: 'none', padding: 0, margin: 0 });

export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  background: vars.color.surface,
  selectors: { '&:has(input:checked)': { borderColor: vars.color.brand, background: vars.color.brandSoft } },
});

export const textarea = style({ minHeight: 120, resize: 'vertical' });

export const stepper = style({
  display: 'flex',
  gap: vars.space.xs,
  listStyle: 'none',
  padding: 0,
  margin: 0,
  overflowX: 'auto',
  // Items measure their offset from the strip, which scrolls to the current one.
  position: 'relative',
  // A phone scrolls the strip sideways; a wider screen wraps it, so no section name is cut off unseen.
  '@media': { 'screen and (min-width: 900px)': { flexWrap: 'wrap', overflowX: 'visible', rowGap: vars.space.sm } },
});

export const stepperItem = style({
  flex: '1 0 auto',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `3px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
  selectors: {
    '&[aria-current="step"]': { borderColor: vars.color.brand, color: vars.color.brand, fontWeight: 700 },
    '&[data-done="true"]': { borderColor: vars.color.success, color: vars.color.success },
  },
});

export const sidePanel = style({ alignSelf: 'start' });

export const sideList = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: vars.space.xs });

export const sideItem = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  color: vars.color.textMuted,
  selectors: {
    '&[aria-current="step"]': { background: vars.color.brandSoft, color: vars.color.brand, fontWeight: 700 },
    '&[data-done="true"]': { color: vars.color.success },
  },
});

export const actions = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.sm, flexWrap: 'wrap' });

export const reviewSection = style({ fontSize: vars.fontSize.md, margin: `${vars.space.sm} 0 0` });

export const reviewList = style({ display: 'grid', gap: vars.space.xs, margin: 0 });

/** Question, answer and Edit on one line from 600 px; stacked on a phone. */
export const reviewRow = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space.xs,
  padding: `${vars.space.xs} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { 'screen and (min-width: 600px)': { gridTemplateColumns: '2fr 2fr auto', alignItems: 'baseline' } },
});

globalStyle(`${reviewRow} dd`, { margin: 0, fontWeight: 600, overflowWrap: 'anywhere' });

/** The A–Z spelling offered for a name typed with accents, and its button, side by side when they fit. */
export const spelling = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm, margin: 0 });
