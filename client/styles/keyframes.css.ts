import { globalKeyframes } from '@vanilla-extract/css';

globalKeyframes('rumbo-spin', { to: { transform: 'rotate(360deg)' } });
