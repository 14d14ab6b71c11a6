import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const container = style({
  width: '100%',
  maxWidth: vars.width.content,
  margin: '0 auto',
  padding: `0 ${vars.space.md}`,
});

export const narrow = style([container, { maxWidth: vars.width.narrow }]);

// Vertical only: a page is also a container, whose side padding keeps text off a phone's edges.
export const page = style({ paddingTop: vars.space.lg, paddingBottom: vars.space.xxl });

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.lg,
  '@media': { 'screen and (max-width: 480px)': { padding: vars.space.md } },
});

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
export const spread = style([row, { justifyContent: 'space-between' }]);

export const grid = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 1fr))',
});

const buttonBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: 44,
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: '1px solid transparent',
  fontWeight: 600,
  cursor: 'pointer',
  textDecoration: 'none',
  transition: 'background .15s, border-color .15s',
  selectors: { '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.55 } },
});

export const button = styleVariants({
  primary: [buttonBase, { background: vars.color.brand, color: vars.color.onBrand, selectors: { '&:hover:not(:disabled)': { background: vars.color.brandStrong } } }],
  secondary: [buttonBase, { background: vars.color.surface, color: vars.color.brand, borderColor: vars.color.border, selectors: { '&:hover:not(:disabled)': { borderColor: vars.color.brand } } }],
  accent: [buttonBase, { background: vars.color.accent, color: vars.color.onBrand }],
  ghost: [buttonBase, { background: 'transparent', color: vars.color.brand, padding: `0 ${vars.space.sm}` }],
});

export const linkButton = style({
  background: 'none',
  border: 'none',
  padding: 0,
  color: vars.color.brand,
  textDecoration: 'underline',
  cursor: 'pointer',
  fontWeight: 600,
});

export const label = style({ fontWeight: 600, display: 'block', marginBottom: vars.space.xs });

export const input = style({
  width: '100%',
  minHeight: 44,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});

export const muted = style({ color: vars.color.textMuted });
export const small = style({ fontSize: vars.fontSize.sm });

export const errorText = style({ color: vars.color.danger, fontSize: vars.fontSize.sm, marginTop: vars.space.xs });

export const notice = styleVariants({
  info: { background: vars.color.brandSoft, borderRadius: vars.radius.md, padding: vars.space.md },
  warning: { background: vars.color.warningSoft, borderRadius: vars.radius.md, padding: vars.space.md },
  success: { background: vars.color.successSoft, borderRadius: vars.radius.md, padding: vars.space.md },
});

export const badge = styleVariants({
  brand: { display: 'inline-block', padding: '2px 10px', borderRadius: vars.radius.pill, background: vars.color.brandSoft, color: vars.color.brand, fontWeight: 700, fontSize: vars.fontSize.sm },
  success: { display: 'inline-block', padding: '2px 10px', borderRadius: vars.radius.pill, background: vars.color.successSoft, color: vars.color.success, fontWeight: 700, fontSize: vars.fontSize.sm },
  danger: { display: 'inline-block', padding: '2px 10px', borderRadius: vars.radius.pill, background: vars.color.dangerSoft, color: vars.color.danger, fontWeight: 700, fontSize: vars.fontSize.sm },
  warning: { display: 'inline-block', padding: '2px 10px', borderRadius: vars.radius.pill, background: vars.color.warningSoft, color: vars.color.warning, fontWeight: 700, fontSize: vars.fontSize.sm },
});

export const heading = styleVariants({
  page: { fontSize: vars.fontSize.xl, marginBottom: vars.space.md },
  section: { fontSize: vars.fontSize.lg, marginBottom: vars.space.sm },
});

export const spinner = style({
  width: 20,
  height: 20,
  border: `3px solid ${vars.color.brandSoft}`,
  borderTopColor: vars.color.brand,
  borderRadius: '50%',
  animation: 'rumbo-spin .8s linear infinite',
  flex: 'none',
});

export const centered = style({ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: vars.space.sm, padding: vars.space.xl });

export const factList = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 200px), 1fr))',
  gap: vars.space.md,
  margin: 0,
});
export const factTerm = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const factValue = style({ margin: 0, fontWeight: 700, fontSize: vars.fontSize.lg });
