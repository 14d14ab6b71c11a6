import { describe, expect, it } from 'vitest';
import { fromBrowser, fromTimeZone } from '../../machines/domain/language';

describe('language hints', () => {
  it('takes the first supported browser language', () => {
    expect(fromBrowser(['de-DE', 'pt-BR', 'en'])).toBe('pt');
    expect(fromBrowser(['ja'])).toBeUndefined();
  });

  it.each([
    ['America/Mexico_City', 'es'],
    ['America/Argentina/Buenos_Aires', 'es'],
    ['America/Santiago', 'es'],
    ['Europe/Madrid', 'es'],
    ['America/Sao_Paulo', 'pt'],
    ['Europe/Lisbon', 'pt'],
    ['Europe/Paris', 'fr'],
    ['Europe/Brussels', 'fr'],
  ])('maps the time zone %s to %s', (zone, language) => {
    expect(fromTimeZone(zone)).toBe(language);
  });

  it('knows nothing of other time zones', () => {
    expect(fromTimeZone('Asia/Tokyo')).toBeUndefined();
    expect(fromTimeZone(undefined)).toBeUndefined();
  });
});
