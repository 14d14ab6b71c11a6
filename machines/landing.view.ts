// The landing page's one door for what it offers: every language the site speaks (issue 45 item 12: the hero's
// pills offered English and Spanish only).
export { LANGUAGES as HERO_LANGUAGES } from './domain/language';
