import { describe, expect, it } from 'vitest';
import { CURRICULAR_COMPONENTS } from '../../resources/census-code-lists';
import { layoutOf } from '../../server/census/layouts';
import { layout2026 } from '../../server/census/layouts/2026';
import type { RecordLayout } from '../../server/census/layouts/types';
import { lineOf } from '../../server/census/record';
import { situationOfVerdict } from '../../server/census/situation';
import { censusDate, censusName, censusText, referenceDate } from '../../server/census/text';

describe('o texto do Censo', () => {
  it('nomes: maiúsculas, sem acento, só letras e espaços', () => {
    expect(censusName("  João D'Ávila  da Conceição-Çá 2º ")).toBe('JOAO DAVILA DA CONCEICAOCA');
    expect(censusName('Ana Müller Ñuñez')).toBe('ANA MULLER NUNEZ');
    expect(censusName(null)).toBe('');
  });

  it('outros textos: letras, números, espaços, ª º e hífen; nunca a barra vertical', () => {
    expect(censusText('Rua São José, nº 12 | apto. 3ª-B')).toBe('RUA SAO JOSE Nº 12 APTO 3ª-B');
    expect(censusText('1º ano A')).toBe('1º ANO A');
  });

  it('datas no formato DD/MM/AAAA', () => {
    expect(censusDate('2015-03-09')).toBe('09/03/2015');
    expect(censusDate('')).toBe('');
  });

  it('a data de referência é a última quarta-feira de maio', () => {
    expect(referenceDate(2026)).toBe('2026-05-27');
    expect(referenceDate(2025)).toBe('2025-05-28');
    expect(referenceDate(2024)).toBe('2024-05-29');
    // 31 de maio de 2023 foi uma quarta-feira.
    expect(referenceDate(2023)).toBe('2023-05-31');
  });
});

describe('o leiaute de 2026', () => {
  // The field count of each record type in 2026: ipti/br.tag's 2026 export (928d170b, app/libraries/Educacenso/
  // EducacensoRegisterFormatter.php: 00 53, 10 187, 20 66, 30 110, 40 7, 50 38, 60 33), the same as i-Educar's
  // community package reads INEP's 2026 files (williamsla/i-educar-educacenso-package, src/Services/Version2026) for
  // 00, 10, 30 and 60; record 50's five last fields from br.tag's 2025 migration (censo_2025/alias-adjustes/
  // register50.sql). Stage 2:
  // INEP's "Situação do aluno" (89: 6, 90: 8, 91: 11), the same in portabilis/i-educar-educacenso-package Layout2023.
  const COUNTS: [RecordLayout<never>, number][] = [
    [layout2026.record00 as RecordLayout<never>, 53],
    [layout2026.record10 as RecordLayout<never>, 187],
    [layout2026.record20 as RecordLayout<never>, 66],
    [layout2026.record30 as RecordLayout<never>, 110],
    [layout2026.record40 as RecordLayout<never>, 7],
    [layout2026.record50 as RecordLayout<never>, 38],
    [layout2026.record60 as RecordLayout<never>, 33],
    [layout2026.record99 as RecordLayout<never>, 1],
    [layout2026.record89 as RecordLayout<never>, 6],
    [layout2026.record90 as RecordLayout<never>, 8],
    [layout2026.record91 as RecordLayout<never>, 11],
  ];

  it.each(COUNTS.map(([r, n]) => [r.type, n, r] as const))('registro %s tem %i campos', (type, count, record) => {
    expect(record.fields).toHaveLength(count);
    expect(record.fields.map((f) => f.position)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    expect(record.fields[0].value?.(undefined as never)).toBe(type);
  });

  it('os campos que a escola preenche estão nas posições do leiaute', () => {
    const at = (record: RecordLayout<never>, position: number) => record.fields[position - 1].name;
    expect(at(layout2026.record00 as RecordLayout<never>, 6)).toBe('Nome da escola');
    expect(at(layout2026.record00 as RecordLayout<never>, 26)).toBe(
      'Empresa, grupos empresariais do setor privado ou pessoa física',
    );
    expect(at(layout2026.record00 as RecordLayout<never>, 32)).toBe('Categoria da escola privada');
    expect(at(layout2026.record00 as RecordLayout<never>, 47)).toBe('CNPJ da mantenedora principal da escola privada');
    expect(at(layout2026.record00 as RecordLayout<never>, 48)).toBe('Número do CNPJ da escola privada');
    expect(at(layout2026.record00 as RecordLayout<never>, 50)).toMatch(/^Esfera administrativa/);
    expect(at(layout2026.record10 as RecordLayout<never>, 17)).toBe('Fornece água potável para o consumo humano');
    expect(at(layout2026.record10 as RecordLayout<never>, 56)).toBe('Laboratório de robótica');
    expect(at(layout2026.record10 as RecordLayout<never>, 91)).toMatch(/^Número de salas de aula utilizadas/);
    expect(at(layout2026.record10 as RecordLayout<never>, 115)).toBe('Não possui acesso à internet');
    expect(at(layout2026.record20 as RecordLayout<never>, 14)).toBe('Tipo de turma');
    expect(at(layout2026.record20 as RecordLayout<never>, 23)).toBe('Etapa agregada');
    expect(at(layout2026.record20 as RecordLayout<never>, 24)).toBe('Etapa');
    expect(at(layout2026.record20 as RecordLayout<never>, 39)).toBe('1. Química');
    expect(at(layout2026.record20 as RecordLayout<never>, 64)).toBe('33. Projeto de vida');
    expect(at(layout2026.record30 as RecordLayout<never>, 12)).toBe('Cor/Raça');
    expect(at(layout2026.record30 as RecordLayout<never>, 13)).toBe('Povo indígena');
    expect(at(layout2026.record30 as RecordLayout<never>, 27)).toBe('Transtorno do espectro autista');
    expect(at(layout2026.record30 as RecordLayout<never>, 110)).toBe('Endereço eletrônico (e-mail)');
    expect(at(layout2026.record60 as RecordLayout<never>, 22)).toBe('Transporte escolar público');
    expect(at(layout2026.record60 as RecordLayout<never>, 33)).toBe('Embarcação - capacidade acima de 35 aluno(a)s');
  });

  it('os 27 componentes curriculares do registro 20 (39–65) seguem a ordem dos códigos do INEP; o 50 tem 25 (9–33)', () => {
    const names = layout2026.record20.fields.slice(38, 65).map((f) => f.name);
    // Each field's name starts with its code ("3. Matemática"): the select's codes, in the same order.
    expect(names.map((n) => n.split('.')[0])).toEqual(CURRICULAR_COMPONENTS.map((c) => c.value));
    expect(names[0]).toBe('1. Química');
    expect(names[26]).toBe('99. Outras áreas do conhecimento');
    const record50 = layout2026.record50.fields;
    expect(record50[8].name).toBe('Componente curricular 1 (código)');
    expect(record50[32].name).toBe('Componente curricular 25 (código)');
    expect(record50[33].name).not.toMatch(/^Componente curricular/);
  });

  it('é o leiaute do ano 2026 e nenhum outro ano tem leiaute', () => {
    expect(layoutOf(2026)).toBe(layout2026);
    expect(layoutOf(2025)).toBeUndefined();
    expect(layout2026.encoding).toBe('latin1');
  });

  it('uma linha: campos separados por |, maiúsculas sem acento, nenhum campo passa do tamanho', () => {
    const record = {
      type: 'XX',
      title: 'teste',
      fields: [
        { position: 1, name: 'a', size: 2, type: 'num', value: () => 'XX' },
        { position: 2, name: 'b', size: 5, type: 'alfa', value: () => 'ação|longa' },
        { position: 3, name: 'c', size: 1, type: 'num' },
      ],
    } as RecordLayout<null>;
    expect(lineOf(record, null)).toBe('XX|ACAOL|');
  });
});

describe('a situação do aluno (2ª etapa)', () => {
  it('aprovado numa etapa que encerra o curso é concluinte; na educação infantil, sem movimentação', () => {
    expect(situationOfVerdict('APROVADO', '14')).toBe('5'); // 1º ano do fundamental
    expect(situationOfVerdict('APROVADO', '41')).toBe('6'); // 9º ano
    expect(situationOfVerdict('APROVADO', '27')).toBe('6'); // 3ª série do médio
    expect(situationOfVerdict('APROVADO', '2')).toBe('7'); // pré-escola
    expect(situationOfVerdict('REPROVADO', '41')).toBe('4');
    expect(situationOfVerdict('', '25')).toBe('7');
  });
});
