// The labels of the DS-160 (its CEAC review pages, its confirmation page and printout, in English and in the
// Spanish display) and the ways applicants title their own notes, in Spanish, English and Portuguese. Each is
// matched at the start of a folded line, in this order: the specific before the general ('Full Name in Native
// Alphabet' before 'Full Name').

export type LabelKey =
  | 'ignore' | 'notes' | 'surnames' | 'givenNames' | 'fullName' | 'sex' | 'marital' | 'nationality' | 'passportExpiry'
  | 'purposeSpecify' | 'purpose' | 'visaClass' | 'visitDate' | 'arrival' | 'departure' | 'stay' | 'payer' | 'contact'
  | 'relation' | 'relativeStatus' | 'usFamily' | 'relatives' | 'previousVisits' | 'refusals' | 'explain' | 'occupation'
  | 'employer' | 'role' | 'jobSince' | 'annualIncome' | 'income' | 'budget' | 'leave' | 'children' | 'trip';

const US = '(?:los )?(?:ee\\.? ?uu\\.?|estados unidos|(?:the )?u\\.?s\\.?a?\\.?|(?:the )?united states)';
/** A bare word is a label only when its separator follows, at once or after a few words ('Vacaciones en el trabajo:'): 'Visa: B-2', not 'Visa refused before?'. */
const END = '(?=\\s*(?:[:\\t?]|[-–]\\s|$)|[^:\\t?\\n\\d]{1,30}[:\\t])';
const bare = (words: string) => `(?:${words})${END}`;

export const LABELS: ReadonlyArray<[LabelKey, RegExp]> = [
  ['ignore', /^(full name in native alphabet|nombre completo en alfabeto nativo|other names used|otros nombres|telecode|confirmation (no|number)|numero de confirmacion|application id|id de solicitud|dates? of birth|fecha de nacimiento|date and place of birth|city of birth|ciudad de nacimiento|place of birth|lugar de nacimiento|country\/region of birth|pais de nacimiento|passport( book)? number|passport\/travel document number|numero de pasaporte|passport type|tipo de pasaporte|issuance date|date of issue|fecha de (emision|expedicion)|national identification number|numero de identificacion|location selected|address where you will stay|direccion|arrival (flight|city)|departure (flight|city)|have you made specific travel plans|surnames? of person paying|given names? of person paying|apellidos de la persona que paga|nombres de la persona que paga|have you ever been issued a u\.?s\.? visa|alguna vez se le ha emitido una visa|spouse'?s? (surnames?|given names?|full name|name)|nombres? del conyuge|apellidos del conyuge|conyuge|spouse|father'?s|mother'?s|del padre|de la madre|is your (father|mother))/],
  ['notes', /^(additional comments|comments|notes|notas( del solicitante)?|comentarios|observaciones|other information|informacion adicional|briefly describe your duties|describa brevemente sus funciones|duties|funciones)/],
  ['surnames', /^(surnames?|last names?|family names?|apellidos?)/],
  ['givenNames', /^(given names?|first names?|nombres? de pila|nombres)/],
  ['fullName', new RegExp(`^(full name|name provided|nombre completo|nombre del solicitante|applicant'?s? name|${bare('nombre|name')})`)],
  ['sex', /^(sex|gender|sexo|genero)/],
  ['marital', /^(marital status|estado civil|civil status)/],
  ['nationality', /^(country\/region of origin( \(nationality\))?|pais\/region de origen( \(nacionalidad\))?|nationality|nacionalidad|citizenship|ciudadania|country of (citizenship|nationality)|pais de nacionalidad)/],
  ['passportExpiry', /^((passport )?(expiration|expiry) date|passport (expir(y|es|ation)|exp\b\.?|valid (until|through))|fecha de (vencimiento|caducidad|expiracion)( del pasaporte)?|vencimiento del pasaporte|pasaporte (vence|valido hasta|vigente hasta))/],
  ['purposeSpecify', /^(specify|especifique)/],
  ['purpose', new RegExp(`^((specific )?purpose of (your |the |my )?(trip|travel|visit)( to ${US})?|trip purpose|proposito (del|de su|de mi) viaje( a ${US})?|motivo( del| de mi| de) viaje|razon del viaje|${bare('purpose|proposito|motivo')})`)],
  ['visitDate', /^(date arrived|last visit|ultima visita|ultimo viaje)/],
  ['arrival', new RegExp(`^((intended )?date of arrival( in ${US})?|intended arrival( date)?|arrival date|fecha (prevista |estimada )?de (llegada|entrada)( a ${US})?|${bare('arrival|llegada')})`)],
  ['departure', new RegExp(`^((intended )?date of departure( from ${US})?|departure date|return (date|ticket|flight)|fecha (prevista )?de (salida|regreso|retorno)( de ${US})?|boleto de regreso|vuelo de regreso|pasaje de regreso|${bare('departure|regreso|salida|return')})`)],
  ['stay', new RegExp(`^((intended )?length of stay( in ${US})?|length of (trip|visit)|duration of (stay|trip)|duracion (prevista )?(de la |del |de mi )?(estadia|estancia|viaje)( en ${US})?|tiempo de (estadia|estancia)|${bare('estadia|estancia|stay')})`)],
  ['payer', new RegExp(`^((person|entity|person\\/entity) paying for (your|the) trip|who is paying( for (your|the) trip)?|who pays|paid by|quien paga( el viaje| su viaje)?|persona(\\/entidad| o entidad)? que paga( su| el)? viaje|financiamiento( del viaje)?|pagado por|${bare('payer|paying|pagador|paga')})`)],
  ['contact', new RegExp(`^(${US} (point of )?contact|contact person( or organization)?( name)?( in ${US})?|persona de contacto|contacto en ${US})`)],
  ['relation', /^(relationship to you|relacion (con usted|contigo)|parentesco|relative'?s relationship( to you)?)/],
  ['relativeStatus', new RegExp(`^(relative'?s status|status of relative|estatus del familiar|estado migratorio|${bare('estatus|status')})`)],
  ['usFamily', new RegExp(`^(do you have any (immediate |other )?relatives|tiene (algun |usted )?(familiar|familiares|pariente|otro familiar)|familiares inmediatos|immediate relatives in ${US})`)],
  ['relatives', new RegExp(`^(relatives? details|relative'?s name|family members?|familiares? en ${US}( detalles)?|detalles de familiares|familia en ${US}|family in ${US}|relatives in ${US}|${bare('relatives?|familiares?')})`)],
  ['previousVisits', new RegExp(`^(have you ever been (in|to) ${US}|been to ${US}|previous (u\\.?s\\.? )?(travel|visits|trips)( to ${US})?|ha estado (alguna vez )?en ${US}|alguna vez ha estado en ${US}|viajes anteriores( a ${US})?|visitas anteriores|travel history)`)],
  ['refusals', new RegExp(`^(have you ever been refused|visa refusals?|refused (a )?(u\\.?s\\.? )?visa( before)?|visa refused before|le han negado|se le ha negado|ha sido rechazad|negaciones de visa|negativas de visa|visa negada|rechazos de visa|denied a visa|${bare('refusals?|negativas?')})`)],
  ['visaClass', new RegExp(`^(visa (type|class|category|requested)|type of visa|tipo de visa|clase de visa|visa solicitada|visa que (pido|solicito)|${bare('visa')})`)],
  ['explain', /^(explain|explique|explanation|explicacion)/],
  ['occupation', new RegExp(`^((primary |current )?occupation|ocupacion( principal| actual)?|trabajo actual|${bare('profesion|job|trabajo|empleo')})`)],
  ['employer', new RegExp(`^((present |current )?employer( or school)?( name)?|name of (present )?employer|nombre del empleador( o escuela)?( actual)?|empleador( actual)?|empresa (donde trabaja|actual)|lugar de trabajo|${bare('company|empresa')})`)],
  ['role', new RegExp(`^(job title|titulo del puesto|${bare('position|cargo|puesto|role')})`)],
  ['jobSince', /^((job )?start date|employed since|fecha de (inicio|ingreso)|trabajando desde)/],
  ['annualIncome', /^(annual (income|salary)|yearly income|ingresos? anual(es)?|salario anual)/],
  ['income', new RegExp(`^((monthly|current) (income|salary)|ingresos? mensual(es)?|salario mensual|sueldo mensual|ingresos propios|${bare('income|salary|ingresos?|salario|sueldo')})`)],
  ['budget', new RegExp(`^((trip |travel )?budget|presupuesto( del viaje| para el viaje)?|costo (estimado )?del viaje|(estimated )?(trip|travel) costs?|estimated costs?( of the trip)?|cost of the trip|${bare('cost|costo|gastos')})`)],
  ['leave', new RegExp(`^((vacation|leave|paid leave|annual leave|holiday) (days|allowance)|days of (vacation|leave)|dias de vacaciones|vacaciones anuales|${bare('vacaciones|vacation|leave')})`)],
  ['children', new RegExp(`^(number of children|numero de hijos|${bare('children|hijos|kids')})`)],
  // 'Trip: 2 weeks' is a length, 'Trip: tourism' a purpose: the answer says which.
  ['trip', new RegExp(`^${bare('trip|viaje|duration|duracion|duración')}`)],
  // Portuguese, last: no label above matches a Portuguese one, and the interview speaks pt.
  ['fullName', new RegExp(`^${bare('nome completo|nome')}`)],
  ['occupation', new RegExp(`^${bare('profissao|ocupacao(?: principal| atual)?|trabalho atual|emprego')}`)],
  ['employer', /^(empregador( atual)?|nome do empregador|empresa onde trabalh[ao])/],
  ['income', new RegExp(`^(renda mensal|salario mensal|${bare('renda|rendimentos?')})`)],
  ['budget', new RegExp(`^${bare('orcamento(?: da viagem)?|custo da viagem')}`)],
  ['payer', /^(quem (vai )?paga(r)?( a| sua)? viagem|quem paga|pagador)/],
  ['purpose', new RegExp(`^${bare('objetivo(?: da viagem)?|motivo da viagem|proposito da viagem|finalidade(?: da viagem)?')}`)],
  ['arrival', new RegExp(`^${bare('data de chegada|chegada')}`)],
  ['departure', new RegExp(`^${bare('data de (?:volta|retorno|saida)|volta|retorno')}`)],
  ['stay', new RegExp(`^${bare('duracao(?: da (?:viagem|estadia))?|tempo de (?:estadia|permanencia)|permanencia')}`)],
  ['previousVisits', /^(ja (foi|esteve|viajou) (aos|nos|para os) (eua|estados unidos)|viagens anteriores)/],
  ['refusals', /^(visto negado|visto recusado|ja teve (o |um )?visto (negado|recusado)|recusas? de visto|negativas? de visto)/],
  ['relatives', /^((parentes|familiares) (nos|em|no) (eua|estados unidos)|tem parentes)/],
  ['passportExpiry', /^(passaporte (valido ate|vence|vencimento)|validade do passaporte|vencimento do passaporte)/],
  ['visaClass', new RegExp(`^${bare('tipo de visto|visto')}`)],
  ['leave', new RegExp(`^${bare('dias de ferias|ferias')}`)],
  ['children', new RegExp(`^${bare('filhos')}`)],
];

export type Section = 'personal' | 'travel' | 'companions' | 'previousTravel' | 'contact' | 'family' | 'work' | 'previousWork' | 'education' | 'passport' | 'additional';

/** Headings of the form's pages and sections ('Review - Travel', 'Información de viaje'), matched whole. */
export const SECTIONS: ReadonlyArray<[Section, RegExp]> = [
  ['previousTravel', new RegExp(`^(previous ${US} travel( information)?|viajes anteriores( a ${US})?|informacion de viajes anteriores|historial de viajes)$`)],
  ['companions', /^(travel companions( information)?|companeros de viaje|acompanantes)$/],
  ['travel', /^(travel( information)?|informacion (de|del) viaje|viaje)$/],
  ['contact', new RegExp(`^(${US} (point of )?contact( information)?|contacto en ${US})$`)],
  ['family', /^(family( information)?(: relatives| - relatives| relatives)?|relatives|familia|informacion familiar)$/],
  ['previousWork', /^(previous work\/education\/training( information)?|previous employment|empleos anteriores|trabajo anterior)$/],
  ['work', /^((present )?work\/education\/training( information)?|informacion de trabajo|trabajo\/educacion\/capacitacion( actual)?|work|employment|empleo|trabajo)$/],
  ['passport', /^(passport( information)?|informacion (del|de) pasaporte|pasaporte)$/],
  ['personal', /^(personal( information)?( \d)?|informacion personal( \d)?|datos personales)$/],
  ['additional', /^(additional( information| contact)?|informacion adicional)$/],
];

/** 'Review - Travel', 'Revisión - Viaje', '2. Travel Information:' name a section the same way. */
export function sectionOf(folded: string): Section | null {
  const bare = folded.replace(/^(review|revision)\s*[-–:]\s*/, '').replace(/[:.\s]+$/, '').trim();
  return SECTIONS.find(([, re]) => re.test(bare))?.[0] ?? null;
}
