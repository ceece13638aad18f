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

const cell = (student: string, stage: number) => screen.getByRole('textbox', { name: `Nota de ${student}, ${stage}ª etapa` }) as HTMLInputElement;

describe('grade sheet', () => {
  it('shows students in upper case with one input per stage, placeholder 0.0', () => {
    render(<Sheet />);
    expect(screen.getAllByRole('row').map((r) => r.querySelector('th')?.textContent)).toEqual(['Aluno', 'ANA BEATRIZ', 'BRUNO ARAÚJO']);
    expect(screen.getAllByPlaceholderText('0.0')).toHaveLength(6);
  });

  it('masks what is typed, moves by Enter, Tab and arrows, and averages live against the passing average', () => {
    render(<Sheet />);
    const first = cell('ANA BEATRIZ', 1);
    first.focus();
    fireEvent.change(first, { target: { value: '75' } });
    expect(first.value).toBe('7.5');
    fireEvent.keyDown(first, { key: 'Enter' });
    expect(document.activeElement).toBe(cell('BRUNO ARAÚJO', 1));
    fireEvent.change(cell('BRUNO ARAÚJO', 1), { target: { value: '4,5' } });
    fireEvent.keyDown(cell('BRUNO ARAÚJO', 1), { key: 'ArrowUp' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab' });
    expect(document.activeElement).toBe(cell('ANA BEATRIZ', 2));
    fireEvent.change(cell('ANA BEATRIZ', 2), { target: { value: '8' } });

    expect(screen.getByLabelText('Média de ANA BEATRIZ').textContent).toBe('7.8');
    const bruno = screen.getByLabelText('Média de BRUNO ARAÚJO');
    expect(bruno.textContent).toBe('4.5');
    expect(getComputedStyle(bruno).color).not.toBe(getComputedStyle(screen.getByLabelText('Média de ANA BEATRIZ')).color);
  });

  it('fills from the focused cell when a block is pasted, and marks what is no grade', () => {
    render(<Sheet />);
    fireEvent.paste(cell('ANA BEATRIZ', 2), { clipboardData: { getData: () => '9,5\t10\t7\n12\t6\n' } });
    expect([cell('ANA BEATRIZ', 2).value, cell('ANA BEATRIZ', 3).value, cell('BRUNO ARAÚJO', 2).value, cell('BRUNO ARAÚJO', 3).value]).toEqual(['9.5', '10.0', '12.0', '6.0']);
    expect(cell('ANA BEATRIZ', 1).value).toBe('');
    expect(cell('BRUNO ARAÚJO', 2).getAttribute('aria-invalid')).toBe('true');
    expect(cell('BRUNO ARAÚJO', 3).getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText('Média de BRUNO ARAÚJO').textContent).toBe('6.0');
  });
});
