import type { CensusProblem } from '../../dataProvider/census';

const STUDENTS = [
  'João da Silva Gonçalves',
  'Ana Clara Figueiredo',
  'Pedro Henrique Moraes',
  'Maria Eduarda Vasconcelos',
  'Lucas Gabriel Nascimento',
  'Beatriz Oliveira Santos',
  'Gabriel Araújo Lima',
  'Isabela Cristina Rocha',
  'Rafael Augusto Pereira',
  'Larissa Conceição Alves',
  'Matheus Ribeiro Costa',
  'Júlia Fernandes Barbosa',
  'Enzo Carvalho Martins',
  'Valentina Souza Ramos',
  'Davi Lucca Teixeira',
  'Helena Castro Nogueira',
  'Arthur Mendes Duarte',
  'Sophia Azevedo Pinto',
  'Bernardo Freitas Cardoso',
  'Manuela Dias Monteiro',
  'Heitor Cavalcanti Lopes',
  'Lívia Batista Correia',
];

const MISSING = ['cor/raça não informada', 'país de nacionalidade não informado', 'município de nascimento ausente'];

/**
 * What the check of a school early in the year finds (Administração › Censo Escolar): the school's INEP code, two
 * teams' hours, students without cor/raça or birthplace, two teachers without schooling. 27 problems: two pages.
 */
export const CENSUS_PROBLEMS: CensusProblem[] = [
  {
    record: 'escola',
    id: 1,
    name: 'Colégio Nossa Senhora de Nazaré',
    field: 'inep_code',
    message: 'Escola: código INEP não informado.',
    link: '/admin/configuracoes',
  },
  ...['1º Ano A', '3º Ano B'].map((name, i) => ({
    record: 'turma' as const,
    id: 3 + i,
    name,
    field: 'start_time',
    message: `Turma ${name.toLocaleUpperCase('pt-BR')}: horário de início ausente.`,
    link: `/admin/turmas/${3 + i}/editar`,
  })),
  ...STUDENTS.map((name, i) => ({
    record: 'aluno' as const,
    id: 12 + i,
    name,
    field: ['race', 'country_code', 'birth_municipality_ibge'][i % 3],
    message: `Aluno ${name.toLocaleUpperCase('pt-BR')}: ${MISSING[i % 3]}.`,
    link: `/admin/alunos/${12 + i}/editar`,
  })),
  ...['Lúcia Helena Prado', 'Marcos Vinícius Tavares'].map((name, i) => ({
    record: 'profissional' as const,
    id: 7 + i,
    name,
    field: 'schooling',
    message: `Profissional ${name.toLocaleUpperCase('pt-BR')}: escolaridade não informada.`,
    link: `/admin/usuarios/${7 + i}/editar`,
  })),
];
