import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

/** 'Remove <traveller>' and its question sit apart from 'Open … application' (issue 45 item 4): never the next tap on a phone. */
export const apart = style({ marginTop: vars.space.lg, paddingTop: vars.space.sm, borderTop: `1px solid ${vars.color.border}`, alignSelf: 'flex-end' });
