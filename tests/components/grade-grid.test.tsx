import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { GradeGrid } from '../../src/grades/GradeGrid';
import type { Values } from '../../src/grades/grid-logic';

const STUDENTS = [
  { id: 1, name: 'Ana Beatriz' },
  { id: 2, name: 'Bruno Araújo' },
];
const STAGES = [1, 2, 3].map((n) => ({ id: n, stage: n }));

function Sheet({ initial }: { initial?: Values }) {
  const [values, setValues] = useState<Values>(initial ?? STUDENTS.map(() => STAGES.map(() => '')));
  return <GradeGrid students={STUDENTS} stages={STAGES} values={values} onChange={setValues} passingAverage={6} />;
}

const cell = (student: string, stage: number) =>
  screen.getByRole('textbox', { name: `Nota de ${student}, ${stage}ª etapa` }) as HTMLInputElement;

describe('grade sheet', () => {
  it('shows students in upper case with one input per stage, placeholder 0,0', () => {
    render(<Sheet />);
    expect(screen.getAllByRole('row').map((r) => r.querySelector('th')?.textContent)).toEqual([
      'Aluno',
      'ANA BEATRIZ',
      'BRUNO ARAÚJO',
    ]);
    expect(screen.getAllByPlaceholderText('0,0')).toHaveLength(6);
  });

  it('takes what is typed, moves by Enter, Tab and arrows, and averages live against the passing average', () => {
    render(<Sheet />);
    const first = cell('ANA BEATRIZ', 1);
    first.focus();
    fireEvent.change(first, { target: { value: '7,5' } });
    expect(first.value).toBe('7,5');
    fireEvent.keyDown(first, { key: 'Enter' });
    expect(document.activeElement).toBe(cell('BRUNO ARAÚJO', 1));
    fireEvent.change(cell('BRUNO ARAÚJO', 1), { target: { value: '4,5' } });
    fireEvent.keyDown(cell('BRUNO ARAÚJO', 1), { key: 'ArrowUp' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab' });
    expect(document.activeElement).toBe(cell('ANA BEATRIZ', 2));
    fireEvent.change(cell('ANA BEATRIZ', 2), { target: { value: '8' } });

    expect(screen.getByLabelText('Média de ANA BEATRIZ').textContent).toBe('7,8');
    const bruno = screen.getByLabelText('Média de BRUNO ARAÚJO');
    expect(bruno.textContent).toBe('4,5');
    expect(getComputedStyle(bruno).color).not.toBe(
      getComputedStyle(screen.getByLabelText('Média de ANA BEATRIZ')).color,
    );
  });

  it('fills from the focused cell when a block is pasted, and marks what is no grade', () => {
    render(<Sheet />);
    fireEvent.paste(cell('ANA BEATRIZ', 2), { clipboardData: { getData: () => '9,5\t10\t7\n12\t6\n' } });
    expect([
      cell('ANA BEATRIZ', 2).value,
      cell('ANA BEATRIZ', 3).value,
      cell('BRUNO ARAÚJO', 2).value,
      cell('BRUNO ARAÚJO', 3).value,
    ]).toEqual(['9,5', '10,0', '12,0', '6,0']);
    expect(cell('ANA BEATRIZ', 1).value).toBe('');
    expect(cell('BRUNO ARAÚJO', 2).getAttribute('aria-invalid')).toBe('true');
    expect(cell('BRUNO ARAÚJO', 3).getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText('Média de BRUNO ARAÚJO').textContent).toBe('6,0');
  });
  it('keeps digits as typed (10 is ten, not 1,0) and shows why a cell is refused at the cell', () => {
    render(<Sheet />);
    const ten = cell('ANA BEATRIZ', 1);
    fireEvent.change(ten, { target: { value: '10' } });
    expect(ten.value).toBe('10');
    fireEvent.blur(ten);
    expect(ten.value).toBe('10,0');
    expect(ten.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(cell('ANA BEATRIZ', 2), { target: { value: '11' } });
    expect(cell('ANA BEATRIZ', 2).value).toBe('11');
    fireEvent.change(cell('ANA BEATRIZ', 3), { target: { value: '9,75' } });
    expect(cell('ANA BEATRIZ', 3).value).toBe('9,75');
    expect(screen.getByText('Nota fora da escala: use de 0,0 a 10,0.')).toBeTruthy();
    expect(screen.getByText('Use uma casa decimal só (ex.: 9,7 ou 9,8): a nota não é arredondada.')).toBeTruthy();
    expect(cell('ANA BEATRIZ', 3).getAttribute('aria-invalid')).toBe('true');
    // Only valid grades count in the average.
    expect(screen.getByLabelText('Média de ANA BEATRIZ').textContent).toBe('10,0');
  });

  it('shows the registration number under the name, and in the cells of namesakes', () => {
    const twins = [
      { id: 1, name: 'Maria da Silva', registration: '000012' },
      { id: 2, name: 'Maria da Silva', registration: '000021' },
      { id: 3, name: 'João Souza', registration: '000030' },
    ];
    render(
      <GradeGrid
        students={twins}
        stages={STAGES}
        values={twins.map(() => STAGES.map(() => ''))}
        onChange={() => undefined}
        passingAverage={6}
      />,
    );
    expect(
      screen
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.querySelector('th')?.textContent),
    ).toEqual(['MARIA DA SILVAMatrícula 000012', 'MARIA DA SILVAMatrícula 000021', 'JOÃO SOUZAMatrícula 000030']);
    expect(cell('MARIA DA SILVA (matrícula 000012)', 1)).toBeTruthy();
    expect(cell('MARIA DA SILVA (matrícula 000021)', 1)).toBeTruthy();
    expect(cell('JOÃO SOUZA', 1)).toBeTruthy();
  });
});
