import type { FieldConfig, FieldOption } from './types';

/**
 * The Educacenso's own codes (INEP, Censo Escolar 2026), code → pt-BR label, for the census fields of the resource
 * configs (resources/students.ts, teams.ts, users.ts, school-settings.ts) and for the layout that exports them
 * (server/census/). Checked against INEP's layout and i-Educar's census code (portabilis/i-educar, Educacenso
 * models); the country and course tables come from the Educacenso's auxiliary tables as i-Educar ships them
 * (2023/2024). Codes travel and are stored as text. A multi-valued answer (deficiências, recursos, infraestrutura) is
 * stored as a JSON array of these codes; the export turns each into its 0/1 column of the layout.
 */

function options(pairs: [string, string][]): FieldOption[] {
  return pairs.map(([value, label]) => ({ value, label }));
}

/** The label of a code of a list, or the code itself when the list does not know it. */
export function censusLabel(list: FieldOption[], code: string | null | undefined): string {
  return list.find((o) => o.value === code)?.label ?? code ?? '';
}

// --- The school (Registro 00) ---

export const ADMINISTRATIVE_DEPENDENCIES = options([
  ['1', 'Federal'],
  ['2', 'Estadual'],
  ['3', 'Municipal'],
  ['4', 'Privada'],
]);

export const LOCATION_ZONES = options([
  ['1', 'Urbana'],
  ['2', 'Rural'],
]);

export const DIFFERENTIATED_LOCATIONS = options([
  ['7', 'Não está em área de localização diferenciada'],
  ['1', 'Área de assentamento'],
  ['2', 'Terra indígena'],
  ['3', 'Comunidade quilombola'],
  ['8', 'Área onde se localizam povos e comunidades tradicionais'],
]);

/** Categoria da escola privada: only for a private school. */
export const PRIVATE_CATEGORIES = options([
  ['1', 'Particular'],
  ['2', 'Comunitária'],
  ['3', 'Confessional'],
  ['4', 'Filantrópica'],
]);

/**
 * Mantenedora da escola privada (Registro 00, campos 26–31 of the 2026 layout: one 0/1 field each); codes as
 * i-Educar's MantenedoraDaEscolaPrivada. A private school answers at least one.
 */
export const PRIVATE_MAINTAINERS = options([
  ['1', 'Empresa, grupos empresariais do setor privado ou pessoa física'],
  ['2', 'Sindicatos de trabalhadores ou patronais, associações ou cooperativas'],
  ['3', 'Organização não governamental (ONG) – nacional ou internacional'],
  ['4', 'Instituição sem fins lucrativos'],
  ['5', 'Sistema S (Sesi, Senai, Sesc, outros)'],
  ['6', 'Organização da Sociedade Civil de Interesse Público (Oscip)'],
]);

/** Instituição sem fins lucrativos: with a regulated school, the mantenedora's CNPJ becomes mandatory. */
export const NON_PROFIT_MAINTAINER = '4';

/**
 * Esfera administrativa do conselho ou órgão que regulamenta a escola (Registro 00, campo 50 of the 2026 layout, one
 * code where 2024 had three 0/1 fields): mandatory when the regulation is "Sim" or "Em tramitação".
 */
export const REGULATION_SPHERES = options([
  ['1', 'Federal'],
  ['2', 'Estadual'],
  ['3', 'Municipal'],
  ['4', 'Estadual e municipal'],
  ['5', 'Federal e estadual'],
]);

/** Regulamentação/autorização no conselho ou órgão municipal, estadual ou federal de educação. */
export const REGULATIONS = options([
  ['1', 'Sim'],
  ['2', 'Em tramitação'],
  ['0', 'Não'],
]);

// --- The school's infrastructure (Registro 10): the answers every school in activity gives ---

export const BUILDING_KINDS = options([
  ['3', 'Prédio escolar'],
  ['7', 'Sala(s) em outra escola'],
  ['8', 'Galpão/rancho/paiol/barracão'],
  ['9', 'Unidade de atendimento socioeducativa'],
  ['10', 'Unidade prisional'],
  ['11', 'Outros'],
]);

/** Fornece água potável para o consumo humano (Registro 10, campo 17): mandatory for a school in activity. */
export const YES_NO = options([
  ['1', 'Sim'],
  ['0', 'Não'],
]);

export const WATER_SUPPLIES = options([
  ['1', 'Rede pública'],
  ['2', 'Poço artesiano'],
  ['3', 'Cacimba/cisterna/poço'],
  ['4', 'Fonte/rio/igarapé/riacho/córrego'],
  ['5', 'Não há abastecimento de água'],
]);

export const ENERGY_SOURCES = options([
  ['1', 'Rede pública'],
  ['2', 'Gerador movido a combustível fóssil'],
  ['3', 'Fontes de energia renováveis ou alternativas'],
  ['4', 'Não há energia elétrica'],
]);

export const SEWAGE = options([
  ['1', 'Rede pública'],
  ['2', 'Fossa séptica'],
  ['4', 'Fossa rudimentar/comum'],
  ['3', 'Não há esgotamento sanitário'],
]);

export const WASTE_DISPOSAL = options([
  ['1', 'Serviço de coleta'],
  ['2', 'Queima'],
  ['7', 'Enterra'],
  ['5', 'Leva a uma destinação final licenciada pelo poder público'],
  ['3', 'Descarta em outra área'],
]);

export const INTERNET_USES = options([
  ['2', 'Para uso administrativo'],
  ['3', 'Para uso nos processos de ensino e aprendizagem'],
  ['4', 'Para uso dos alunos'],
  ['5', 'Para uso da comunidade'],
  ['1', 'Não possui acesso à internet'],
]);

// --- People (Registros 30, 40, 50, 60) ---

/** Cor/raça, the six IBGE categories. */
export const RACES = options([
  ['0', 'Não declarada'],
  ['1', 'Branca'],
  ['2', 'Preta'],
  ['3', 'Parda'],
  ['4', 'Amarela'],
  ['5', 'Indígena'],
]);

export const NATIONALITY_KINDS = options([
  ['1', 'Brasileira'],
  ['2', 'Brasileira – nascido no exterior ou naturalizado'],
  ['3', 'Estrangeira'],
]);

/** The country code of Brasil, the default of every person's country. */
export const BRAZIL = '76';

export const FILIATIONS = options([
  ['1', 'Filiação 1 e/ou filiação 2'],
  ['0', 'Não declarado/ignorado'],
]);

/** Tipo de deficiência, transtorno do espectro autista e altas habilidades/superdotação. */
export const DISABILITIES = options([
  ['1', 'Cegueira'],
  ['2', 'Baixa visão'],
  ['8', 'Visão monocular'],
  ['3', 'Surdez'],
  ['4', 'Deficiência auditiva'],
  ['5', 'Surdocegueira'],
  ['6', 'Deficiência física'],
  ['7', 'Deficiência intelectual'],
  ['25', 'Transtorno do espectro autista'],
  ['13', 'Altas habilidades/superdotação'],
]);

/** Recursos para uso do(a) aluno(a) em sala de aula e para participação em avaliações do INEP (Saeb). */
export const ASSESSMENT_RESOURCES = options([
  ['1', 'Auxílio ledor'],
  ['2', 'Auxílio transcrição'],
  ['3', 'Guia-intérprete'],
  ['4', 'Tradutor-intérprete de Libras'],
  ['5', 'Leitura labial'],
  ['10', 'Prova ampliada (fonte 18)'],
  ['8', 'Prova superampliada (fonte 24)'],
  ['11', 'CD com áudio para deficiente visual'],
  ['12', 'Prova de Língua Portuguesa como segunda língua para surdos e deficientes auditivos'],
  ['13', 'Prova em vídeo em Libras'],
  ['9', 'Material didático e prova em Braille'],
  ['14', 'Nenhum'],
]);

/** Poder público responsável pelo transporte escolar (none: the student does not use it). */
export const PUBLIC_TRANSPORT = options([
  ['1', 'Estadual'],
  ['2', 'Municipal'],
]);

export const TRANSPORT_KINDS = options([
  ['1', 'Rodoviário – vans/kombis'],
  ['2', 'Rodoviário – micro-ônibus'],
  ['3', 'Rodoviário – ônibus'],
  ['4', 'Rodoviário – bicicleta'],
  ['5', 'Rodoviário – tração animal'],
  ['6', 'Rodoviário – outro'],
  ['7', 'Aquaviário – capacidade de até 5 alunos'],
  ['8', 'Aquaviário – capacidade entre 5 e 15 alunos'],
  ['9', 'Aquaviário – capacidade entre 15 e 35 alunos'],
  ['10', 'Aquaviário – capacidade acima de 35 alunos'],
  ['11', 'Ferroviário – trem/metrô'],
]);

/** Maior nível de escolaridade concluído. */
export const SCHOOLING = options([
  ['1', 'Não concluiu o ensino fundamental'],
  ['2', 'Ensino fundamental'],
  ['7', 'Ensino médio'],
  ['6', 'Educação superior'],
]);

/**
 * The person's role in the census: a function of the Registro 50 (profissional escolar em sala de aula), or the
 * school's manager (Registro 40, 'gestor', with `manager_position`).
 */
export const CENSUS_ROLES = options([
  ['1', 'Docente'],
  ['2', 'Auxiliar/assistente educacional'],
  ['3', 'Profissional/monitor de atividade complementar'],
  ['4', 'Tradutor e intérprete de Libras'],
  ['5', 'Docente titular – coordenador de tutoria (EaD)'],
  ['6', 'Docente tutor – auxiliar (EaD)'],
  ['7', 'Guia-intérprete'],
  ['8', 'Profissional de apoio escolar para alunos com deficiência (Lei 13.146/2015)'],
  ['9', 'Instrutor da educação profissional'],
  ['gestor', 'Gestor escolar'],
]);

/** The census roles that teach a team (Registro 50 docentes). */
export const TEACHING_ROLES = ['1', '5', '6'];

/** Cargo do gestor escolar. */
export const MANAGER_POSITIONS = options([
  ['1', 'Diretor(a)'],
  ['2', 'Outro cargo'],
]);

// --- Teams (Registro 20) ---

export const MEDIATIONS = options([
  ['1', 'Presencial'],
  ['2', 'Semipresencial'],
  ['3', 'Educação a distância (EaD)'],
]);

/** Tipo de atendimento da turma. */
export const ATTENDANCE_KINDS = options([
  ['0', 'Escolarização'],
  ['4', 'Atividade complementar'],
  ['5', 'Atendimento educacional especializado (AEE)'],
  ['1', 'Classe hospitalar'],
]);

/** Weekdays of a team's schedule, Sunday first: `weekdays` keeps one '0'/'1' per day in this order. */
export const WEEKDAYS = options([
  ['dom', 'Domingo'],
  ['seg', 'Segunda-feira'],
  ['ter', 'Terça-feira'],
  ['qua', 'Quarta-feira'],
  ['qui', 'Quinta-feira'],
  ['sex', 'Sexta-feira'],
  ['sab', 'Sábado'],
]);

/** Etapa de ensino of the Educacenso. */
export const CENSUS_STAGES = options([
  ['1', 'Educação infantil – creche (0 a 3 anos)'],
  ['2', 'Educação infantil – pré-escola (4 e 5 anos)'],
  ['3', 'Educação infantil – unificada (0 a 5 anos)'],
  ['56', 'Educação infantil e ensino fundamental – multietapa'],
  ['14', 'Ensino fundamental de 9 anos – 1º ano'],
  ['15', 'Ensino fundamental de 9 anos – 2º ano'],
  ['16', 'Ensino fundamental de 9 anos – 3º ano'],
  ['17', 'Ensino fundamental de 9 anos – 4º ano'],
  ['18', 'Ensino fundamental de 9 anos – 5º ano'],
  ['19', 'Ensino fundamental de 9 anos – 6º ano'],
  ['20', 'Ensino fundamental de 9 anos – 7º ano'],
  ['21', 'Ensino fundamental de 9 anos – 8º ano'],
  ['41', 'Ensino fundamental de 9 anos – 9º ano'],
  ['22', 'Ensino fundamental de 9 anos – multi'],
  ['23', 'Ensino fundamental de 9 anos – correção de fluxo'],
  ['24', 'Ensino fundamental de 8 e 9 anos – multi 8 e 9 anos'],
  ['25', 'Ensino médio – 1ª série'],
  ['26', 'Ensino médio – 2ª série'],
  ['27', 'Ensino médio – 3ª série'],
  ['28', 'Ensino médio – 4ª série'],
  ['29', 'Ensino médio – não seriada'],
  ['30', 'Curso técnico integrado (ensino médio integrado) – 1ª série'],
  ['31', 'Curso técnico integrado (ensino médio integrado) – 2ª série'],
  ['32', 'Curso técnico integrado (ensino médio integrado) – 3ª série'],
  ['33', 'Curso técnico integrado (ensino médio integrado) – 4ª série'],
  ['34', 'Curso técnico integrado (ensino médio integrado) – não seriada'],
  ['35', 'Ensino médio – normal/magistério – 1ª série'],
  ['36', 'Ensino médio – normal/magistério – 2ª série'],
  ['37', 'Ensino médio – normal/magistério – 3ª série'],
  ['38', 'Ensino médio – normal/magistério – 4ª série'],
  ['39', 'Curso técnico – concomitante'],
  ['40', 'Curso técnico – subsequente'],
  ['64', 'Curso técnico misto (concomitante e subsequente)'],
  ['68', 'Curso FIC concomitante'],
  ['69', 'EJA – ensino fundamental – anos iniciais'],
  ['70', 'EJA – ensino fundamental – anos finais'],
  ['72', 'EJA – ensino fundamental – anos iniciais e anos finais'],
  ['71', 'EJA – ensino médio'],
  ['73', 'Curso FIC integrado na modalidade EJA – nível fundamental'],
  ['67', 'Curso FIC integrado na modalidade EJA – nível médio'],
  ['74', 'Curso técnico integrado na modalidade EJA (nível médio)'],
]);

// --- Long tables (resources/census-code-lists.ts, loaded apart) ---

export type CodeListName = 'countries' | 'degree_courses' | 'curricular_components';
/** The lists' arrays, empty until census-code-lists.ts fills them in place: every copy of a field sees them filled. */
const CODE_LISTS: Record<CodeListName, FieldOption[]> = {
  countries: [],
  degree_courses: [],
  curricular_components: [],
};
let listsLoaded = false;

/** Called by census-code-lists.ts when it is loaded: fills the options of the fields made with `codeListField`. */
export function provideCodeLists(lists: Record<CodeListName, FieldOption[]>): void {
  if (listsLoaded) return;
  for (const name of Object.keys(lists) as CodeListName[]) CODE_LISTS[name].push(...lists[name]);
  listsLoaded = true;
}

/** Whether the long lists are here (always on the server; on the client once a form that shows them loaded them). */
export const codeListsLoaded = (): boolean => listsLoaded;

/**
 * A select whose options are one of the long lists (empty on the client until census-code-lists.ts is loaded);
 * `codeList` names it, so the client knows to load it before showing the field.
 */
export const codeListField = (field: Omit<FieldConfig, 'type' | 'options'>, list: CodeListName): FieldConfig =>
  ({ ...field, type: 'select', options: CODE_LISTS[list], codeList: list }) as FieldConfig;

/** The long list a field's options come from, if any. */
export const codeListOf = (field: FieldConfig): CodeListName | undefined =>
  (field as { codeList?: CodeListName }).codeList;
