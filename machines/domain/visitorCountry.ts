// Where a visitor probably is, from what every browser reports anyway: its language's region ('es-MX') and its
// time zone ('America/Bogota'). No address lookup, nothing stored that names a person (docs/DECISIONS.md, issue 14).

/** IANA time zones → ISO 3166 country, for the zones our applicants live in; others tell nothing. */
const ZONES: Readonly<Record<string, string>> = {
  'America/Mexico_City': 'MX', 'America/Cancun': 'MX', 'America/Merida': 'MX', 'America/Monterrey': 'MX', 'America/Matamoros': 'MX',
  'America/Chihuahua': 'MX', 'America/Ciudad_Juarez': 'MX', 'America/Ojinaga': 'MX', 'America/Mazatlan': 'MX', 'America/Bahia_Banderas': 'MX',
  'America/Hermosillo': 'MX', 'America/Tijuana': 'MX',
  'America/Bogota': 'CO', 'America/Lima': 'PE', 'America/Caracas': 'VE', 'America/Santiago': 'CL', 'America/Punta_Arenas': 'CL',
  'America/Guayaquil': 'EC', 'America/La_Paz': 'BO', 'America/Asuncion': 'PY', 'America/Montevideo': 'UY',
  'America/Argentina/Buenos_Aires': 'AR', 'America/Buenos_Aires': 'AR', 'America/Argentina/Cordoba': 'AR', 'America/Cordoba': 'AR',
  'America/Argentina/Mendoza': 'AR', 'America/Argentina/Salta': 'AR', 'America/Argentina/Ushuaia': 'AR',
  'America/Guatemala': 'GT', 'America/El_Salvador': 'SV', 'America/Tegucigalpa': 'HN', 'America/Managua': 'NI', 'America/Costa_Rica': 'CR',
  'America/Panama': 'PA', 'America/Havana': 'CU', 'America/Santo_Domingo': 'DO', 'America/Puerto_Rico': 'PR', 'America/Port-au-Prince': 'HT',
  'America/Jamaica': 'JM', 'America/Belize': 'BZ',
  'America/Sao_Paulo': 'BR', 'America/Bahia': 'BR', 'America/Fortaleza': 'BR', 'America/Recife': 'BR', 'America/Belem': 'BR',
  'America/Manaus': 'BR', 'America/Cuiaba': 'BR', 'America/Campo_Grande': 'BR', 'America/Porto_Velho': 'BR', 'America/Rio_Branco': 'BR',
  'America/Maceio': 'BR', 'America/Araguaina': 'BR', 'America/Noronha': 'BR',
  'America/New_York': 'US', 'America/Chicago': 'US', 'America/Denver': 'US', 'America/Los_Angeles': 'US', 'America/Phoenix': 'US',
  'America/Anchorage': 'US', 'America/Detroit': 'US', 'America/Indiana/Indianapolis': 'US', 'Pacific/Honolulu': 'US', 'America/Boise': 'US',
  'America/Toronto': 'CA', 'America/Vancouver': 'CA', 'America/Edmonton': 'CA', 'America/Winnipeg': 'CA', 'America/Halifax': 'CA',
  'America/Montreal': 'CA', 'America/St_Johns': 'CA', 'America/Regina': 'CA',
  'Europe/Madrid': 'ES', 'Atlantic/Canary': 'ES', 'Africa/Ceuta': 'ES', 'Europe/Lisbon': 'PT', 'Atlantic/Azores': 'PT', 'Atlantic/Madeira': 'PT',
  'Europe/Paris': 'FR', 'Europe/Brussels': 'BE', 'Europe/Luxembourg': 'LU', 'Europe/Zurich': 'CH', 'Europe/Monaco': 'MC',
  'Europe/London': 'GB', 'Europe/Dublin': 'IE', 'Europe/Berlin': 'DE', 'Europe/Rome': 'IT', 'Europe/Amsterdam': 'NL', 'Europe/Vienna': 'AT',
  'Europe/Stockholm': 'SE', 'Europe/Oslo': 'NO', 'Europe/Copenhagen': 'DK', 'Europe/Helsinki': 'FI', 'Europe/Warsaw': 'PL',
  'Europe/Prague': 'CZ', 'Europe/Budapest': 'HU', 'Europe/Athens': 'GR', 'Europe/Bucharest': 'RO', 'Europe/Kiev': 'UA', 'Europe/Kyiv': 'UA',
  'Europe/Moscow': 'RU', 'Europe/Istanbul': 'TR',
  'Africa/Casablanca': 'MA', 'Africa/Algiers': 'DZ', 'Africa/Tunis': 'TN', 'Africa/Dakar': 'SN', 'Africa/Abidjan': 'CI', 'Africa/Kinshasa': 'CD',
  'Africa/Luanda': 'AO', 'Africa/Maputo': 'MZ', 'Africa/Lagos': 'NG', 'Africa/Cairo': 'EG', 'Africa/Johannesburg': 'ZA', 'Africa/Nairobi': 'KE',
  'Asia/Tokyo': 'JP', 'Asia/Seoul': 'KR', 'Asia/Shanghai': 'CN', 'Asia/Hong_Kong': 'HK', 'Asia/Taipei': 'TW', 'Asia/Manila': 'PH',
  'Asia/Kolkata': 'IN', 'Asia/Calcutta': 'IN', 'Asia/Singapore': 'SG', 'Asia/Dubai': 'AE', 'Asia/Jerusalem': 'IL',
  'Australia/Sydney': 'AU', 'Australia/Melbourne': 'AU', 'Pacific/Auckland': 'NZ',
};

const REGION = /^[a-z]{2,3}[-_]([A-Z]{2})\b/i;

/**
 * The visitor's country as an ISO code: the time zone when it names one (a Spanish speaker in Bogotá set to
 * 'es-ES' still lives in Colombia), else the language's region, else null.
 */
export function visitorCountry(language: string | undefined, timeZone: string | undefined): string | null {
  // Own keys only: a time zone called '__proto__' or 'toString' names no country.
  const byZone = timeZone && Object.hasOwn(ZONES, timeZone) ? ZONES[timeZone] : undefined;
  if (byZone) return byZone;
  const region = language ? REGION.exec(language)?.[1] : undefined;
  return region && !/^\d+$/.test(region) ? region.toUpperCase() : null;
}

/** The ten countries whose flag the admin's top-countries list shows (spec 1-core §2.10); a globe otherwise. */
export const FLAGGED_COUNTRIES = ['US', 'MX', 'ES', 'CO', 'AR', 'BR', 'FR', 'PE', 'CL', 'VE'] as const;

/** 'MX' → 🇲🇽 for the ten flagged countries; 🌐 for every other code or none. */
export function topCountryFlag(code: string | null | undefined): string {
  if (!code || !(FLAGGED_COUNTRIES as readonly string[]).includes(code)) return '🌐';
  return String.fromCodePoint(...[...code].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}
