import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  alignItems: 'center',
  gap: vars.space.sm,
  marginBottom: vars.space.lg,
});

export const intro = style({ textAlign: 'center', marginBottom: vars.space.xl });
export const lead = style({ color: vars.color.textMuted, fontSize: vars.fontSize.lg, maxWidth: 680, margin: `${vars.space.sm} auto 0` });

export const section = style({ marginBottom: vars.space.xl });
export const sectionTitle = style({ fontSize: vars.fontSize.xl, textAlign: 'center', marginBottom: vars.space.lg });

export const plans = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 260px), 1fr))',
  alignItems: 'stretch',
});

export const planCard = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.lg,
});

export const popular = style({ borderColor: vars.color.brand, borderWidth: 2, boxShadow: vars.shadow.raised });

export const popularBadge = style({
  alignSelf: 'flex-start',
  padding: '2px 12px',
  borderRadius: vars.radius.pill,
  background: vars.color.brand,
  color: vars.color.onBrand,
  fontWeight: 700,
  fontSize: vars.fontSize.sm,
});

export const estaCard = style([
  planCard,
  {
    maxWidth: 560,
    margin: '0 auto',
    borderTop: `4px solid ${vars.color.accent}`,
  },
]);


export const features = style({ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm, flexGrow: 1 });
export const feature = style({ display: 'flex', gap: vars.space.sm, alignItems: 'flex-start' });
export const excluded = style({ color: vars.color.textMuted });
export const tick = style({ color: vars.color.success, fontWeight: 700, flex: 'none', width: '1.25em', textAlign: 'center' });
export const cross = style({ color: vars.color.textMuted, fontWeight: 700, flex: 'none', width: '1.25em', textAlign: 'center' });

export const fullWidth = style({ width: '100%' });

export const faq = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, maxWidth: 760, margin: '0 auto' });

export const disclaimer = style({
  background: vars.color.warningSoft,
  border: `1px solid ${vars.color.warning}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
