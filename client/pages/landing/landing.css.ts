import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const hero = style({
  background: `linear-gradient(135deg, ${vars.color.brandStrong}, ${vars.color.brand})`,
  color: vars.color.onBrand,
  padding: `${vars.space.xxl} 0`,
  textAlign: 'center',
});

export const heroTitle = style({ fontSize: vars.fontSize.hero, fontWeight: 800, letterSpacing: '-0.02em' });
export const heroAccent = style({ color: '#ffd166' });
export const heroLead = style({ fontSize: vars.fontSize.lg, maxWidth: 680, margin: `${vars.space.md} auto ${vars.space.lg}`, opacity: 0.95 });
export const heroActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, justifyContent: 'center' });
export const heroButton = style({ background: vars.color.surface, color: vars.color.brand });
export const heroGhost = style({ background: 'transparent', color: vars.color.onBrand, borderColor: 'rgba(255,255,255,.7)' });

export const claims = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.lg,
  marginTop: vars.space.lg,
  padding: 0,
  listStyle: 'none',
  fontWeight: 600,
});

// Four languages' names do not fit one row of a 375 px phone: they wrap rather than push the page sideways.
export const switcher = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: vars.space.sm, marginBottom: vars.space.lg });
export const switchButton = style({
  background: 'transparent',
  color: vars.color.onBrand,
  border: '1px solid rgba(255,255,255,.6)',
  borderRadius: vars.radius.pill,
  padding: `${vars.space.xs} ${vars.space.md}`,
  cursor: 'pointer',
  selectors: { '&[aria-pressed="true"]': { background: vars.color.surface, color: vars.color.brand } },
});

export const section = style({ padding: `${vars.space.xl} 0` });
export const sectionTitle = style({ fontSize: vars.fontSize.xl, textAlign: 'center', marginBottom: vars.space.lg });

export const disclaimer = style({
  background: vars.color.warningSoft,
  border: `1px solid ${vars.color.warning}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  marginTop: vars.space.lg,
});

export const tileIcon = style({ fontSize: 32, lineHeight: 1 });

export const steps = style({ counterReset: 'step', listStyle: 'none', padding: 0, margin: 0 });
export const stepNumber = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 36,
  height: 36,
  borderRadius: '50%',
  background: vars.color.brand,
  color: vars.color.onBrand,
  fontWeight: 800,
});


export const cta = style({
  background: vars.color.brandSoft,
  borderRadius: vars.radius.lg,
  padding: vars.space.xl,
  textAlign: 'center',
});

export const pricingTile = style({
  textDecoration: 'none',
  color: 'inherit',
  selectors: { '&:hover': { borderColor: vars.color.brand } },
});
