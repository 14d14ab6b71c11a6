import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

// The chat pages' shared look: a scrolling log of bubbles above a composer.

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  overflow: 'hidden',
});

export const log = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  listStyle: 'none',
  margin: 0,
  padding: vars.space.md,
  minHeight: 280,
  maxHeight: 'min(60vh, 560px)',
  overflowY: 'auto',
  background: vars.color.surfaceAlt,
});

const bubbleBase = style({
  maxWidth: '85%',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.lg,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  lineHeight: 1.45,
});

export const bubble = styleVariants({
  assistant: [bubbleBase, { alignSelf: 'flex-start', background: vars.color.surface, border: `1px solid ${vars.color.border}` }],
  user: [bubbleBase, { alignSelf: 'flex-end', background: vars.color.brand, color: vars.color.onBrand }],
  system: [bubbleBase, { alignSelf: 'center', background: vars.color.dangerSoft, color: vars.color.danger, fontSize: vars.fontSize.sm }],
});

export const speaker = style({ display: 'block', fontSize: vars.fontSize.sm, fontWeight: 700, marginBottom: 2 });

export const composer = style({
  display: 'flex',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
  alignItems: 'flex-end',
});

export const composerInput = style({ flex: 1, minWidth: 0 });

export const options = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, padding: `0 ${vars.space.md} ${vars.space.md}` });

// Four languages side by side are wider than a phone: there they take less room each, and wrap rather than widen the page.
export const toggle = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  maxWidth: '100%',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  overflow: 'hidden',
  '@media': { 'screen and (max-width: 480px)': { borderRadius: vars.radius.md } },
});

export const toggleButton = style({
  flex: '1 0 auto',
  minHeight: 40,
  minWidth: 44,
  padding: `0 ${vars.space.md}`,
  '@media': { 'screen and (max-width: 480px)': { padding: `0 ${vars.space.sm}` } },
  border: 'none',
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': { background: vars.color.brand, color: vars.color.onBrand, fontWeight: 700 },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.sm });

export const choices = style({ display: 'grid', gap: vars.space.sm, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 260px), 1fr))' });

export const choice = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 4, textAlign: 'left', padding: vars.space.md, height: 'auto' });

export const choiceHint = style({ fontWeight: 400, fontSize: vars.fontSize.sm });

export const bareList = style({ listStyle: 'none', padding: 0, margin: 0 });
