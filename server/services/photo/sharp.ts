import type Sharp from 'sharp';

let loaded: Promise<typeof Sharp> | undefined;

/** sharp (libvips, about 30 MB) loads with the first photo, not when the server starts (issue 16's memory budget). */
export const loadSharp = (): Promise<typeof Sharp> => (loaded ??= import('sharp').then((module) => module.default));
