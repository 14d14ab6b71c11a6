// The labels of the DS-160 (its CEAC review pages, its confirmation page and printout, in English and in the
// Spanish display) and the ways applicants title their own notes, in Spanish, English and Portuguese. Each is
// matched at the start of a folded line, in this order: the specific before the general ('Full Name in Native
// Alphabet' before 'Full Name').

export type LabelKey =
  | 'birthDate' | 'passportIssue' | 'school' | 'programme' | 'usAddress' | 'overstays' | 'companions' | 'companionName'
  | 'ignore' | 'notes' | 'surnames' | 'givenNames' | 'fullName' | 'sex' | 'marital' | 'nationality' | 'passportExpiry'
  | 'purposeSpecify' | 'purpose' | 'visaClass' | 'visitDate' | 'arrival' | 'departure' | 'stay' | 'payer' | 'contact'
  | 'relation' | 'relativeStatus' | 'usFamily' | 'relatives' | 'previousVisits' | 'refusals' | 'explain' | 'occupation'
  | 'employer' | 'role' | 'jobSince' | 'annualIncome' | 'income' | 'budget' | 'leave' | 'children' | 'trip';

const US = '(?:los )?(?:ee\\.? ?uu\\.?|estados unidos|(?:the )?u\\.?s\\.?a?\\.?|(?:the )?united states)';
/** A bare word is a label only when its separator follows, at once or after a few words ('Vacaciones en el trabajo:'): 'Visa: B-2', not 'Visa refused before?'. */
const END = '(?=\\s*(?:[:\\t?|]|[-–]\\s|$)|[^:\\t?\\n\\d|]{1,30}[:\\t|])';
const bare = (words: string) => `(?:${words})${END}`;

export const LABELS: ReadonlyArray<[LabelKey, RegExp]> = [
  // Issue 42's facts, and the French and Portuguese forms of every label, before the older ones that ignored them.
  ['birthDate', /^(dates? of birth|birth ?date|d\.?o\.?b\.?|fecha de nacimiento|fecha (?:de )?nac\.?|f\. ?nac\.?|date de naissance|date (?:de )?naiss\.?|data de nascimento|data (?:de )?nasc\.?|dt\.? nasc\.?|nacid[oa] el|ne le|nee le)/],
  ['passportIssue', /^((passport )?(issuance|issue) date|date of issue|passport issued( on)?|fecha de (emision|expedicion)( del pasaporte)?|expedicion del pasaporte|date de delivrance|passeport delivre le|delivre le|data de emissao|passaporte emitido em|emitido em|emitido el)/],
  ['passportExpiry', /^(date d'expiration|date d expiration|passeport valable jusqu'au|passeport valable jusqu au|valable jusqu'au|expire le|data de validade|validade do passaporte|passaporte valido ate|valido ate|vence em)/],
  ['usAddress', new RegExp(`^(address where you will stay( in ${US})?|${US} address|address in ${US}|staying at|place of stay|direccion donde se (alojara|hospedara)( en ${US})?|direccion en ${US}|domicilio en ${US}|alojamiento|adresse de sejour( aux (usa|etats-unis))?|adresse aux (usa|etats-unis)|hebergement|endereco onde (ficara|se hospedara)( nos (eua|estados unidos))?|endereco nos (eua|estados unidos)|hospedagem)`)],
  ['overstays', new RegExp(`^(have you ever overstayed|overstayed (a |before)|overstays?|alguna vez se ha quedado mas tiempo|se ha quedado mas tiempo|(alguna vez )?se quedo mas tiempo|estadias? excedidas?|avez-vous deja depasse|depassement de sejour|depasse la duree|ja ficou alem do prazo|ficou alem do prazo|permanencia excedida|(alguna vez )?(ha|han) permanecido (en ${US} )?mas tiempo|(have you )?ever (stayed|remained) (in ${US} )?(longer|beyond|past)|(avez-vous )?(deja )?(ete|reste|restee) (aux (usa|etats-unis) )?(plus longtemps|au-dela)|(ja )?(permaneceu|ficou) (nos (eua|estados unidos) )?(mais tempo|alem))`)],
  ['companions', /^(are there other persons traveling with you|(are you |do you )?travell?ing with (anyone|someone|anybody)|viaja(s)? con alguien|voyagez-vous avec quelqu'un|voyagez-vous seul|viaja com alguem|are (you )?traveling with|travel companions|traveling companions|companions|viajan otras personas con usted|acompanantes|d'autres personnes voyagent|d autres personnes voyagent|compagnons de voyage|outras pessoas viajam com voce|acompanhantes)/],
  ['companionName', /^(companion'?s? name|traveling with|travelling with|nombre del acompanante|viajo con|nom du compagnon|nom de la personne|je voyage avec|nome do acompanhante|viajo com)/],
  ['school', /^(school name|name of (the )?school|university|school|college|nombre de la escuela|escuela|universidad|colegio|etablissement|universite|ecole|instituicao de ensino|universidade|faculdade|escola)\b/],
  ['programme', /^(course of study|program of study|program|programme|major|field of study|carrera|programa de estudios|filiere|programme d'etudes|domaine d'etudes|curso de graduacao)\b/],
  ['surnames', new RegExp(`^(nom de famille|noms de famille|sobrenomes?|${'(?:nom)(?=\\s*(?:[:\\t?]|[-–]\\s|$))'})`)],
  ['givenNames', /^(prenoms?( \(s\))?|prenom\(s\)|prenome)/],
  ['fullName', /^(nom complet|nom et prenoms?)/],
  ['sex', /^(sexe)/],
  ['marital', /^(situation familiale|etat civil)/],
  ['nationality', /^(pays d'origine( \(nationalite\))?|nationalite|pais de origem( \(nacionalidade\))?|nacionalidade)/],
  ['occupation', /^(profession( principale)?|ocupacao principal|profissao|situation professionnelle|statut professionnel|situacion laboral|situacao profissional|employment status|work status)/],
  ['employer', /^(employeur( actuel)?|empregador( atual)?|entreprise)/],
  ['role', /^(poste|fonction|funcao)\b/],
  ['income', /^(revenus? mensuels?|salaire mensuel|renda mensal|salario mensal)/],
  ['income', new RegExp(`^${bare('salaire|revenus?')}`)],
  ['leave', /^(jours de conges?|conges annuels|conges payes|dias de ferias|ferias anuais)/],
  ['children', /^(nombre d'enfants|nombre d enfants|numero de filhos)/],
  ['payer', /^(personne\/entite qui paie( le voyage)?|qui (paie|finance|paye)( (le|votre) voyage)?|quien financia( (el|tu|su) viaje)?|who (is )?(funding|financing|sponsoring)( (the|your) trip)?|quem financia( a viagem)?|pessoa\/entidade que paga( a viagem)?|quem paga( a viagem)?)/],
  ['relation', /^(lien de parente|lien avec vous|relation avec vous|relacao com voce|parentesco)/],
  ['relativeStatus', /^(statut du parent|situacao do parente)/],
  ['budget', /^(budget du voyage|cout estime( du voyage)?|orcamento( da viagem)?|custo estimado( da viagem)?)/],
  ['arrival', /^(date d'arrivee( prevue)?|date d arrivee( prevue)?|data (prevista )?de chegada)/],
  ['departure', /^(date de depart( prevue)?|date de retour|data (prevista )?de (saida|volta|retorno))/],
  ['stay', /^(duree( prevue)? du sejour|sejour prevu|duracao prevista da estadia|estadia prevista|tempo de permanencia|estancia prevista|estadia prevista)/],
  ['purpose', /^(motif du voyage( aux etats-unis)?|but du voyage|objetivo da viagem( aos eua)?|motivo da viagem)/],
  ['visaClass', /^(type de visa|categorie de visa|tipo de visto|categoria do visto)/],
  ['contact', /^(personne de contact( aux (usa|etats-unis))?|contact aux (usa|etats-unis)|pessoa de contato( nos (eua|estados unidos))?|contato nos (eua|estados unidos))/],
  ['usFamily', /^(avez-vous de la famille( proche)?( aux (?:etats-unis|usa|eua))?|famille aux (?:etats-unis|usa|eua|e\.?u\.?)|parents aux (?:etats-unis|usa)|tem parentes( imediatos)?( nos eua)?|parentes nos eua)/],
  ['previousVisits', /^(etes-vous deja alle|avez-vous deja (voyage|sejourne|ete)|have you (ever )?travell?ed to|ha viajado (alguna vez )?a|ja viajou (para|aos)|voyages precedents( aux (usa|etats-unis))?|ja esteve nos (eua|estados unidos)|viagens anteriores( aos eua)?)/],
  ['visitDate', /^(derniere visite|ultima visita|date arrived)/],
  ['refusals', /^(vous a-t-on deja refuse|refus de visa|refus anterieurs?|visas? refusee?s?|avez-vous deja eu un (?:refus|visa refuse)|ja teve um visto( americano)? negado|vistos negados|alguna vez (se )?(le|te) (ha|han) negado|alguna vez (le|te) negaron)/],
  ['notes', /^(remarques|observacoes|commentaires)/],
  ['ignore', /^(full name in native alphabet|nombre completo en alfabeto nativo|other names used|otros nombres|telecode|confirmation (no|number)|numero de confirmacion|application id|id de solicitud|date and place of birth|city of birth|ciudad de nacimiento|place of birth|lugar de nacimiento|country\/region of birth|pais de nacimiento|passport( book)? number|passport\/travel document number|numero de pasaporte|passport type|tipo de pasaporte|national identification number|numero de identificacion|location selected|direccion|arrival (flight|city)|departure (flight|city)|have you made specific travel plans|surnames? of person paying|given names? of person paying|apellidos de la persona que paga|nombres de la persona que paga|have you ever been issued a u\.?s\.? visa|alguna vez se le ha emitido una visa|spouse'?s? (surnames?|given names?|full name|name)|nombres? del conyuge|apellidos del conyuge|conyuge|spouse|father'?s|mother'?s|del padre|de la madre|is your (father|mother))/],
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
  ['payer', new RegExp(`^((person|entity|person\\/entity) paying for (your|the) trip|who is paying( for (your|the) trip)?|who pays|paid by|quien paga( el viaje| su viaje)?|paga (el|tu|su) viaje|pago del viaje|persona(\\/entidad| o entidad)? que paga( su| el)? viaje|financiamiento( del viaje)?|pagado por|${bare('payer|paying|pagador|paga')})`)],
  ['contact', new RegExp(`^(${US} (point of )?contact|contact person( or organization)?( name)?( in ${US})?|persona de contacto|contacto en ${US})`)],
  ['relation', /^(relationship to you|relacion (con usted|contigo)|parentesco|relative'?s relationship( to you)?)/],
  ['relativeStatus', new RegExp(`^(relative'?s status|status of relative|estatus del familiar|estado migratorio|${bare('estatus|status|statut|situacao')})`)],
  ['usFamily', new RegExp(`^(do you have any (immediate |other )?relatives|tiene (algun |usted )?(familiar|familiares|pariente|otro familiar)|familiares inmediatos|immediate relatives in ${US})`)],
  ['relatives', new RegExp(`^(relatives? details|relative'?s name|family members?|familiares? en ${US}( detalles)?|detalles de familiares|familia en ${US}|family in ${US}|relatives in ${US}|${bare('relatives?|familiares?')})`)],
  ['previousVisits', new RegExp(`^(have you ever been (in|to) ${US}|been to ${US}|visited ${US}|previous (u\\.?s\\.? )?(travel|visits|trips)( to ${US})?|ha estado (alguna vez )?en ${US}|alguna vez ha estado en ${US}|viajes anteriores( a ${US})?|visitas anteriores|travel history)`)],
  ['refusals', new RegExp(`^(have you ever been refused|visa refusals?|refused (a )?(u\\.?s\\.? )?visa( before)?|visa refused before|le han negado|se le ha negado|ha sido rechazad|negaciones de visa|negativas de visa|visa negada|rechazos de visa|denied a visa|${bare('refusals?|negativas?')})`)],
  ['visaClass', new RegExp(`^(visa (type|class|category|requested)|type of visa|tipo de visa|clase de visa|visa solicitada|visa que (pido|solicito)|${bare('visa')})`)],
  ['explain', /^(explain|explique|explanation|explicacion)/],
  ['occupation', new RegExp(`^((primary |current )?occupation|current job|present job|ocupacion( principal| actual)?|trabajo actual|${bare('profesion|job|trabajo|empleo')})`)],
  ['employer', new RegExp(`^((present |current )?employer( or school)?( name)?|name of (present )?employer|nombre del empleador( o escuela)?( actual)?|empleador( actual)?|empresa (donde trabaja|actual)|lugar de trabajo|${bare('company|empresa')})`)],
  ['role', new RegExp(`^(job title|titulo del puesto|${bare('position|cargo|puesto|role')})`)],
  ['jobSince', /^((job )?start date|employed since|fecha de (inicio|ingreso)|trabajando desde)/],
  ['annualIncome', /^(annual (income|salary)|yearly income|ingresos? anual(es)?|salario anual)/],
  ['income', new RegExp(`^((monthly|current) (income|salary)|(income|salary|pay) (per|a|each) month|ingresos? mensual(es)?|salario mensual|sueldo mensual|ingresos propios|${bare('income|salary|ingresos?|salario|sueldo')})`)],
  ['budget', new RegExp(`^((trip |travel )?budget|presupuesto( del viaje| para el viaje)?|costo (estimado )?del viaje|(estimated )?(trip|travel) costs?|estimated costs?( of the trip)?|cost of the trip|${bare('cost|costo|gastos')})`)],
  ['leave', new RegExp(`^((vacation|leave|paid leave|annual leave|holiday) (days|allowance)|days of (vacation|leave)|dias de vacaciones|vacaciones anuales|${bare('vacaciones|vacation|leave|annual leave|paid leave|holidays|holiday allowance|days off|time off|days off approved|time off approved')})`)],
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
  ['previousVisits', /^(ja (foi|esteve|viajou) (aos|nos|para os) (eua|estados unidos)|viage(?:m|ns) anterio(?:r|res)|visitas? anterio(?:r|res))/],
  ['refusals', /^(visto negado|visto recusado|ja teve (o |um )?visto (negado|recusado)|recusas? de visto|negativas? de visto)/],
  ['relatives', /^((parentes|familiares) (nos|em|no) (eua|estados unidos)|tem parentes)/],
  ['passportExpiry', /^(passport valid (till|to)|passaporte (valido ate|vale ate|vence|vencimento)|validade do passaporte|vencimento do passaporte)/],
  ['visaClass', new RegExp(`^${bare('tipo de visto|visto')}`)],
  ['leave', new RegExp(`^${bare('dias de ferias|ferias')}`)],
  ['children', new RegExp(`^${bare('filhos')}`)],
];

export type Section = 'personal' | 'travel' | 'companions' | 'previousTravel' | 'contact' | 'family' | 'work' | 'previousWork' | 'education' | 'passport' | 'additional';

/** Headings of the form's pages and sections ('Review - Travel', 'Información de viaje'), matched whole. */
export const SECTIONS: ReadonlyArray<[Section, RegExp]> = [
  ['previousTravel', new RegExp(`^(previous ${US} travel( information)?|viajes anteriores( a ${US})?|informacion de viajes anteriores|historial de viajes|voyages precedents( aux (etats-unis|usa))?|viagens anteriores( aos (eua|estados unidos))?)$`)],
  ['companions', /^(travel companions( information)?|companeros de viaje|acompanantes|compagnons de voyage|acompanhantes)$/],
  ['travel', /^(travel( information)?|informacion (de|del) viaje|viaje|informations sur le voyage|voyage|informacoes da viagem|viagem)$/],
  ['contact', new RegExp(`^(${US} (point of )?contact( information)?|contacto en ${US})$`)],
  ['family', /^(family( information)?(: relatives| - relatives| relatives)?|relatives|familia|informacion familiar|famille|informations familiales)$/],
  ['previousWork', /^(previous work\/education\/training( information)?|previous employment|empleos anteriores|trabajo anterior)$/],
  ['work', /^((present )?work\/education\/training( information)?|informacion de trabajo|trabajo\/educacion\/capacitacion( actual)?|work|employment|empleo|trabajo|travail \/ etudes actuels|travail|emploi|trabalho \/ estudos atuais|trabalho)$/],
  ['passport', /^(passport( information)?|informacion (del|de) pasaporte|pasaporte|passeport|informations sur le passeport|passaporte|dados do passaporte)$/],
  ['personal', /^(personal( information)?( \d)?|informacion personal( \d)?|datos personales|informations personnelles|dados pessoais)$/],
  ['additional', /^(additional( information| contact)?|informacion adicional)$/],
];

/** 'Review - Travel', 'Revisión - Viaje', '2. Travel Information:' name a section the same way. */
export function sectionOf(folded: string): Section | null {
  const bare = folded.replace(/^(review|revision)\s*[-–:]\s*/, '').replace(/[:.\s]+$/, '').trim();
  return SECTIONS.find(([, re]) => re.test(bare))?.[0] ?? null;
}
