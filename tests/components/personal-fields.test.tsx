import { afterEach, describe, expect, it } from 'vitest';
import { USER_KEY } from '../../authProvider';
import { students } from '../../resources/students';
import { teams } from '../../resources/teams';
import { mayDo } from '../../src/resources/access';
import { formSections, showSections } from '../../src/resources/sections';

const signedInAs = (permissions: string[]) =>
  localStorage.setItem(USER_KEY, JSON.stringify({ id: 9, name: 'Quem', email: 'quem@escola.com.br', permissions }));
const names = (sections: { fields: { name: string }[] }[]) => sections.flatMap((s) => s.fields.map((f) => f.name));
const titles = (sections: { title: string }[]) => sections.map((s) => s.title);

describe("a student's screens for a role without students.personal (a teacher)", () => {
  afterEach(() => localStorage.clear());

  it('leave out the personal inputs and values, and their sections, keeping name and status', () => {
    signedInAs(['students.read', 'teams.read', 'grades.write', 'master.read']);
    for (const field of ['cpf', 'rg', 'street', 'phone', 'email', 'name_mother', 'birth_date']) {
      expect(names(formSections(students))).not.toContain(field);
      expect(names(showSections(students))).not.toContain(field);
    }
    expect(names(showSections(students))).toEqual(expect.arrayContaining(['name', 'status']));
    expect(titles(showSections(students))).not.toContain('Documentos');
    expect(titles(showSections(students))).not.toContain('Endereço');
    // Nothing of a team to change: its rows open on their page, with no Editar.
    expect(mayDo(teams, 'edit')).toBe(false);
  });

  it('keep everything for the office', () => {
    signedInAs(['students.read', 'students.write', 'students.personal', 'teams.read', 'teams.write']);
    expect(names(formSections(students))).toEqual(expect.arrayContaining(['cpf', 'rg', 'street', 'name_mother']));
    expect(titles(showSections(students))).toContain('Documentos');
    expect(mayDo(teams, 'edit')).toBe(true);
  });
});
