import type { DuplicatePair } from '../../src/duplicates/types';

/** A student typed by the office and again by an import (capitals, no accents, no CPF). */
export const HELOISA_PAIR: DuplicatePair = {
  id: '12-31',
  reasons: ['Mesmo nome e data de nascimento', 'Mesmo nome e mãe'],
  first: {
    id: 12,
    name: 'Heloísa Martins Costa',
    cpf: '52998224725',
    birth_date: '2011-04-09',
    name_mother: 'Rosângela Martins',
    registrations: 2,
    charges: 11,
  },
  second: {
    id: 31,
    name: 'HELOISA MARTINS COSTA',
    cpf: null,
    birth_date: '2011-04-09',
    name_mother: 'Rosangela Martins',
    registrations: 1,
    charges: 0,
  },
};

/** The same CPF, the name spelt otherwise. */
export const LUCAS_PAIR: DuplicatePair = {
  id: '40-57',
  reasons: ['Mesmo CPF'],
  first: { id: 40, name: 'Lucas Henrique Bezerra', cpf: '11144477735', birth_date: '2009-11-30', registrations: 1 },
  second: { id: 57, name: 'Lucas Henrique Bezera', cpf: '11144477735', birth_date: null, registrations: 0 },
};

/** A mother registered twice, once with her portal access. */
export const ROSANGELA_PAIR: DuplicatePair = {
  id: '8-19',
  reasons: ['Mesmo nome e telefone'],
  first: {
    id: 8,
    name: 'Rosângela Martins',
    cpf: '39053344705',
    phone: '91987651234',
    email: 'rosangela.martins@familia.com.br',
    students: 2,
    portal_account: true,
  },
  second: { id: 19, name: 'ROSANGELA MARTINS', cpf: null, phone: '91987651234', email: null, students: 1 },
};
