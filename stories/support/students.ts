/** A student as `GET /students/{id}` answers, with a long name and a few empty fields. */
export const STUDENT_RECORD = {
  id: 7,
  name: 'José Antônio da Silva Brandão de Albuquerque Cavalcanti',
  gender: 'M',
  email: 'jose.antonio.brandao@exemplo.com.br',
  cpf: '52998224725',
  cep: '66000000',
  street: 'Avenida Presidente Vargas',
  number: null,
  neighborhood: 'Campina',
  city: 'Belém',
  uf: 'PA',
  phone: '91987654321',
  rg: null,
  expedient_body: null,
  nationality: 'Brasileira',
  naturalness: 'Belém',
  birth_date: '2007-04-13',
  name_mother: 'Maria Aparecida da Conceição Brandão de Albuquerque',
  status: 'Ativo',
  teams: [{ id: 3, name: 'Técnico em Enfermagem Castanhal 2026' }],
  financials_count: 1,
  created_at: '2026-01-31T23:30:00.000Z',
};

/** Students with long names, as the list at 1366 px must hold them on one or two lines. */
export const LONG_NAMED_STUDENTS = [
  STUDENT_RECORD,
  {
    ...STUDENT_RECORD,
    id: 8,
    name: 'Maria Eduarda Gonçalves Vasconcelos de Sá Pereira Nogueira',
    cpf: '11144477735',
    status: 'Trancado',
    financials_count: 0,
    teams: [],
  },
  { ...STUDENT_RECORD, id: 9, name: 'Ana', cpf: '39053344705', status: 'Evadido', email: null, phone: null },
];
