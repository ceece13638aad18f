import { configure, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ResourceConfig } from '../../resources';
import { students } from '../../resources/students';
import { teachings } from '../../resources/teachings';
import { ResourceCreate } from '../../src/resources/ResourceForm';
import { ADMIN_BASENAME, AdminStory, TEACHINGS } from '../../stories/support';

// The machine is shared: a save and its redirect may take more than the default second.
configure({ asyncUtilTimeout: 5000 });

const CREATE_PATH = `${ADMIN_BASENAME}/ensinos/registrar`;

/** `teachings` with a field that starts at its config default (as a student starts Ativo on the server). */
const withLevel: ResourceConfig = {
  ...teachings,
  fields: [...teachings.fields, { name: 'level', label: 'Nível', type: 'text', maxLength: 40, default: 'Básico' }],
  formFields: [...teachings.formFields, 'level'],
};

function renderCreate(config: ResourceConfig) {
  return render(
    <AdminStory path={CREATE_PATH} route={CREATE_PATH} data={{ ensinos: TEACHINGS }}>
      <ResourceCreate config={config} />
    </AdminStory>,
  );
}

describe('generated create form and the server rules', () => {
  it('starts with the config default, and LIMPAR brings it back', async () => {
    renderCreate(withLevel);
    const level = (await screen.findByRole('textbox', { name: 'Nível' })) as HTMLInputElement;
    expect(level.value).toBe('Básico');
    fireEvent.change(level, { target: { value: 'Avançado' } });
    fireEvent.click(screen.getByRole('button', { name: /Limpar/i }));
    expect(((await screen.findByRole('textbox', { name: 'Nível' })) as HTMLInputElement).value).toBe('Básico');
  });

  it('shows the words the server would answer', async () => {
    renderCreate(teachings);
    const name = await screen.findByRole('textbox', { name: /^Nome/ });
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: /Salvar/i }));
    expect(await screen.findByText('O campo Nome é obrigatório.')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'x'.repeat(121) } });
    fireEvent.click(screen.getByRole('button', { name: /Salvar/i }));
    expect(await screen.findByText('O campo Nome pode ter no máximo 120 caracteres.')).toBeTruthy();
  });
});

describe('digits fields', () => {
  it('tell at the field that a typed letter was dropped, instead of swallowing it', async () => {
    const path = `${ADMIN_BASENAME}/alunos/registrar`;
    render(
      <AdminStory path={path} route={path} resource="alunos" data={{ alunos: [] }}>
        <ResourceCreate config={students} />
      </AdminStory>,
    );
    const cpf = (await screen.findByRole('textbox', { name: /^CPF(?! do)/ })) as HTMLInputElement;
    fireEvent.change(cpf, { target: { value: '123a' } });
    expect(cpf.value).toBe('123');
    expect(screen.getByText('O campo CPF deve conter apenas números.')).toBeTruthy();
    // The mask's own dots and dashes are not letters.
    fireEvent.change(cpf, { target: { value: '123.4' } });
    expect(screen.queryByText('O campo CPF deve conter apenas números.')).toBeNull();
  });
});

describe('after a registration', () => {
  it("opens the new student's record (enrolment comes next), not the list", async () => {
    const path = `${ADMIN_BASENAME}/alunos/registrar`;
    render(
      <AdminStory path={path} route={path} resource="alunos" data={{ alunos: [] }}>
        <ResourceCreate config={students} />
      </AdminStory>,
    );
    fireEvent.change(await screen.findByRole('textbox', { name: /^Nome(?! da)/ }), {
      target: { value: 'Maria da Silva' },
    });
    fireEvent.click(screen.getByRole('button', { name: /Salvar/i }));
    // The story shows where a link leads outside its screen: the record of the row just created.
    // Saving the student's full form is heavy in jsdom: a loaded machine has taken over 5 s.
    expect(await screen.findByText(/\/admin\/alunos\/1\/editar/, {}, { timeout: 15_000 })).toBeTruthy();
  });
});
