// Phone rules per country for the ESTA wizard (spec 2-wizards §3.9, §5.2).
// `min`/`max` count the digits after the prefix; `format` is a display example.
// Country names are the English names of countryList.ts, so answers of a country question match directly.
// The ESTA applicant's phone is matched by its own country code (phoneRuleForNumber), not by the passport
// country: a Spanish passport holder may well have a UK mobile. A code without a rule falls back to 7 to 15
// digits (spec §5.2).

export interface PhoneRule {
  /** English name, as in COUNTRIES. */
  country: string;
  /** ISO 3166-1 alpha-2. */
  code: string;
  /** International prefix with the plus sign, e.g. '+44'. */
  prefix: string;
  /** Fewest digits after the prefix. */
  min: number;
  /** Most digits after the prefix. */
  max: number;
  /** A display example, e.g. '+44 XXXX XXXXXX'. */
  format: string;
}

function rule(code: string, country: string, prefix: string, min: number, max: number, format: string): PhoneRule {
  return { country, code, prefix, min, max, format };
}

export const PHONE_RULES: readonly PhoneRule[] = [
  // North America and the Caribbean (North American Numbering Plan, +1)
  rule('US', 'United States', '+1', 10, 10, '+1 (XXX) XXX-XXXX'),
  rule('CA', 'Canada', '+1', 10, 10, '+1 (XXX) XXX-XXXX'),
  rule('DO', 'Dominican Republic', '+1', 10, 10, '+1 (809) XXX-XXXX'),
  rule('JM', 'Jamaica', '+1', 10, 10, '+1 (876) XXX-XXXX'),
  rule('MX', 'Mexico', '+52', 10, 10, '+52 XX XXXX XXXX'),
  rule('CU', 'Cuba', '+53', 8, 8, '+53 X XXX XXXX'),
  rule('HT', 'Haiti', '+509', 8, 8, '+509 XX XX XXXX'),

  // Central America
  rule('GT', 'Guatemala', '+502', 8, 8, '+502 XXXX XXXX'),
  rule('SV', 'El Salvador', '+503', 8, 8, '+503 XXXX XXXX'),
  rule('HN', 'Honduras', '+504', 8, 8, '+504 XXXX-XXXX'),
  rule('NI', 'Nicaragua', '+505', 8, 8, '+505 XXXX XXXX'),
  rule('CR', 'Costa Rica', '+506', 8, 8, '+506 XXXX XXXX'),
  rule('PA', 'Panama', '+507', 7, 8, '+507 XXXX-XXXX'),

  // South America
  rule('CO', 'Colombia', '+57', 10, 10, '+57 XXX XXX XXXX'),
  rule('VE', 'Venezuela', '+58', 10, 10, '+58 XXX XXX XXXX'),
  rule('EC', 'Ecuador', '+593', 8, 9, '+593 XX XXX XXXX'),
  rule('PE', 'Peru', '+51', 8, 9, '+51 XXX XXX XXX'),
  rule('BO', 'Bolivia', '+591', 8, 8, '+591 X XXX XXXX'),
  rule('CL', 'Chile', '+56', 9, 9, '+56 X XXXX XXXX'),
  rule('AR', 'Argentina', '+54', 10, 11, '+54 9 XX XXXX XXXX'),
  rule('UY', 'Uruguay', '+598', 8, 8, '+598 XXXX XXXX'),
  rule('PY', 'Paraguay', '+595', 9, 9, '+595 XXX XXX XXX'),
  rule('BR', 'Brazil', '+55', 10, 11, '+55 XX XXXXX XXXX'),

  // Western Europe
  rule('GB', 'United Kingdom', '+44', 10, 11, '+44 XXXX XXXXXX'),
  rule('IE', 'Ireland', '+353', 7, 9, '+353 XX XXX XXXX'),
  rule('FR', 'France', '+33', 9, 9, '+33 X XX XX XX XX'),
  rule('ES', 'Spain', '+34', 9, 9, '+34 XXX XXX XXX'),
  rule('PT', 'Portugal', '+351', 9, 9, '+351 XXX XXX XXX'),
  rule('IT', 'Italy', '+39', 9, 11, '+39 XXX XXX XXXX'),
  rule('DE', 'Germany', '+49', 11, 12, '+49 XXXX XXXXXXX'),
  rule('AT', 'Austria', '+43', 7, 13, '+43 XXX XXXXXXX'),
  rule('CH', 'Switzerland', '+41', 9, 9, '+41 XX XXX XX XX'),
  rule('LI', 'Liechtenstein', '+423', 7, 7, '+423 XXX XX XX'),
  rule('NL', 'Netherlands', '+31', 9, 9, '+31 X XXXX XXXX'),
  rule('BE', 'Belgium', '+32', 8, 9, '+32 XXX XX XX XX'),
  rule('LU', 'Luxembourg', '+352', 6, 11, '+352 XXX XXX XXX'),
  rule('MC', 'Monaco', '+377', 8, 9, '+377 XX XX XX XX'),
  rule('AD', 'Andorra', '+376', 6, 9, '+376 XXX XXX'),
  rule('SM', 'San Marino', '+378', 6, 10, '+378 XXXX XXXXXX'),
  rule('MT', 'Malta', '+356', 8, 8, '+356 XXXX XXXX'),

  // Northern Europe
  rule('DK', 'Denmark', '+45', 8, 8, '+45 XX XX XX XX'),
  rule('SE', 'Sweden', '+46', 7, 10, '+46 XX XXX XX XX'),
  rule('NO', 'Norway', '+47', 8, 8, '+47 XXX XX XXX'),
  rule('FI', 'Finland', '+358', 6, 10, '+358 XX XXX XXXX'),
  rule('IS', 'Iceland', '+354', 7, 7, '+354 XXX XXXX'),
  rule('EE', 'Estonia', '+372', 7, 8, '+372 XXXX XXXX'),
  rule('LV', 'Latvia', '+371', 8, 8, '+371 XX XXX XXX'),
  rule('LT', 'Lithuania', '+370', 8, 8, '+370 XXX XXXXX'),

  // Central and Eastern Europe
  rule('PL', 'Poland', '+48', 9, 9, '+48 XXX XXX XXX'),
  rule('CZ', 'Czech Republic', '+420', 9, 9, '+420 XXX XXX XXX'),
  rule('SK', 'Slovakia', '+421', 9, 9, '+421 XXX XXX XXX'),
  rule('HU', 'Hungary', '+36', 8, 9, '+36 XX XXX XXXX'),
  rule('SI', 'Slovenia', '+386', 8, 8, '+386 XX XXX XXX'),
  rule('HR', 'Croatia', '+385', 8, 9, '+385 XX XXX XXXX'),
  rule('RO', 'Romania', '+40', 9, 9, '+40 XXX XXX XXX'),
  rule('BG', 'Bulgaria', '+359', 8, 9, '+359 XX XXX XXXX'),
  rule('GR', 'Greece', '+30', 10, 10, '+30 XXX XXX XXXX'),
  rule('CY', 'Cyprus', '+357', 8, 8, '+357 XX XXXXXX'),
  rule('RS', 'Serbia', '+381', 8, 9, '+381 XX XXX XXXX'),
  rule('BA', 'Bosnia and Herzegovina', '+387', 8, 8, '+387 XX XXX XXX'),
  rule('MK', 'North Macedonia', '+389', 8, 8, '+389 XX XXX XXX'),
  rule('AL', 'Albania', '+355', 8, 9, '+355 XX XXX XXXX'),
  rule('UA', 'Ukraine', '+380', 9, 9, '+380 XX XXX XXXX'),
  rule('BY', 'Belarus', '+375', 9, 9, '+375 XX XXX XX XX'),
  rule('RU', 'Russia', '+7', 10, 10, '+7 XXX XXX XX XX'),

  // Caucasus and Central Asia
  rule('GE', 'Georgia', '+995', 9, 9, '+995 XXX XXX XXX'),
  rule('AM', 'Armenia', '+374', 8, 8, '+374 XX XXX XXX'),
  rule('AZ', 'Azerbaijan', '+994', 9, 9, '+994 XX XXX XX XX'),
  rule('KZ', 'Kazakhstan', '+7', 10, 10, '+7 XXX XXX XX XX'),
  rule('UZ', 'Uzbekistan', '+998', 9, 9, '+998 XX XXX XX XX'),

  // Middle East
  rule('TR', 'Turkey', '+90', 10, 10, '+90 XXX XXX XX XX'),
  rule('IL', 'Israel', '+972', 8, 9, '+972 XX XXX XXXX'),
  rule('JO', 'Jordan', '+962', 8, 9, '+962 X XXXX XXXX'),
  rule('LB', 'Lebanon', '+961', 7, 8, '+961 XX XXX XXX'),
  rule('IQ', 'Iraq', '+964', 10, 10, '+964 XXX XXX XXXX'),
  rule('IR', 'Iran', '+98', 10, 10, '+98 XXX XXX XXXX'),
  rule('SA', 'Saudi Arabia', '+966', 9, 9, '+966 XX XXX XXXX'),
  rule('AE', 'United Arab Emirates', '+971', 8, 9, '+971 XX XXX XXXX'),
  rule('QA', 'Qatar', '+974', 8, 8, '+974 XXXX XXXX'),
  rule('KW', 'Kuwait', '+965', 8, 8, '+965 XXXX XXXX'),
  rule('BH', 'Bahrain', '+973', 8, 8, '+973 XXXX XXXX'),
  rule('OM', 'Oman', '+968', 8, 8, '+968 XXXX XXXX'),

  // Africa
  rule('EG', 'Egypt', '+20', 10, 10, '+20 XX XXXX XXXX'),
  rule('MA', 'Morocco', '+212', 9, 9, '+212 XXX XXX XXX'),
  rule('DZ', 'Algeria', '+213', 9, 9, '+213 XXX XX XX XX'),
  rule('TN', 'Tunisia', '+216', 8, 8, '+216 XX XXX XXX'),
  rule('SD', 'Sudan', '+249', 9, 9, '+249 XX XXX XXXX'),
  rule('NG', 'Nigeria', '+234', 10, 10, '+234 XXX XXX XXXX'),
  rule('GH', 'Ghana', '+233', 9, 9, '+233 XX XXX XXXX'),
  rule('SN', 'Senegal', '+221', 9, 9, '+221 XX XXX XX XX'),
  rule('CI', 'Ivory Coast', '+225', 10, 10, '+225 XX XX XX XXXX'),
  rule('KE', 'Kenya', '+254', 9, 9, '+254 XXX XXX XXX'),
  rule('ET', 'Ethiopia', '+251', 9, 9, '+251 XX XXX XXXX'),
  rule('TZ', 'Tanzania', '+255', 9, 9, '+255 XXX XXX XXX'),
  rule('UG', 'Uganda', '+256', 9, 9, '+256 XXX XXX XXX'),
  rule('ZA', 'South Africa', '+27', 9, 9, '+27 XX XXX XXXX'),

  // South Asia
  rule('IN', 'India', '+91', 10, 10, '+91 XXXXX XXXXX'),
  rule('PK', 'Pakistan', '+92', 10, 10, '+92 XXX XXXXXXX'),
  rule('BD', 'Bangladesh', '+880', 10, 10, '+880 XXXX XXXXXX'),
  rule('LK', 'Sri Lanka', '+94', 9, 9, '+94 XX XXX XXXX'),
  rule('NP', 'Nepal', '+977', 8, 10, '+977 XXX XXX XXXX'),
  rule('AF', 'Afghanistan', '+93', 9, 9, '+93 XX XXX XXXX'),

  // East and Southeast Asia
  rule('CN', 'China', '+86', 10, 11, '+86 XXX XXXX XXXX'),
  rule('JP', 'Japan', '+81', 9, 10, '+81 XX XXXX XXXX'),
  rule('KR', 'South Korea', '+82', 9, 10, '+82 XX XXXX XXXX'),
  rule('TW', 'Taiwan', '+886', 8, 9, '+886 XXX XXX XXX'),
  rule('HK', 'Hong Kong', '+852', 8, 8, '+852 XXXX XXXX'),
  rule('VN', 'Vietnam', '+84', 9, 10, '+84 XX XXXX XXXX'),
  rule('TH', 'Thailand', '+66', 8, 9, '+66 XX XXX XXXX'),
  rule('MY', 'Malaysia', '+60', 9, 10, '+60 XX XXXX XXXX'),
  rule('SG', 'Singapore', '+65', 8, 8, '+65 XXXX XXXX'),
  rule('ID', 'Indonesia', '+62', 9, 12, '+62 XXX XXXX XXXX'),
  rule('PH', 'Philippines', '+63', 10, 10, '+63 XXX XXX XXXX'),
  rule('BN', 'Brunei', '+673', 7, 7, '+673 XXX XXXX'),

  // Oceania
  rule('AU', 'Australia', '+61', 9, 9, '+61 X XXXX XXXX'),
  rule('NZ', 'New Zealand', '+64', 8, 10, '+64 XX XXX XXXX'),
];

/** The rule for a country, matched case-insensitively on its English name or ISO alpha-2 code. */
export function phoneRuleFor(country: string): PhoneRule | undefined {
  const wanted = country.trim().toLowerCase();
  if (!wanted) return undefined;
  return PHONE_RULES.find((r) => r.country.toLowerCase() === wanted || r.code.toLowerCase() === wanted);
}

/**
 * The rule of the country an international number belongs to, read from its own country code: '+' then digits
 * (separators already removed, as normalizeAnswer stores it). The prefix matching the most leading digits wins,
 * so '+353…' is Ireland even though other prefixes start with '3'. Prefixes shared by several countries (+1 for
 * the United States, Canada and the Caribbean, +7 for Russia and Kazakhstan) have the same lengths in the table,
 * so the first of them answers. Undefined without a leading '+' (no country code typed) or for an unknown code.
 */
export function phoneRuleForNumber(e164: string): PhoneRule | undefined {
  const match = /^\+(\d+)$/.exec(e164.trim());
  if (!match) return undefined;
  const digits = match[1] ?? '';
  let best: PhoneRule | undefined;
  for (const r of PHONE_RULES) {
    if (digits.startsWith(r.prefix.slice(1)) && (!best || r.prefix.length > best.prefix.length)) best = r;
  }
  return best;
}
