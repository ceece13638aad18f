import { Grid, Typography } from '@mui/material';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Form, type RaRecord } from 'react-admin';
import { studentCensusFields } from '../resources/students';
import type { MunicipalityRow } from '../dataProvider/municipalities';
import { FieldInput } from '../src/resources/inputs';
import { isWide } from '../src/resources/sections';
import { createMemoryDataProvider, withAdmin } from './support';

/**
 * The Censo section of the student form (issue 40), as src/resources/inputs.tsx draws it from resources/students.ts:
 * codes of the Educacenso chosen from lists, the birthplace searched among the IBGE municipalities, the disabilities
 * and the transport as checkboxes, the certidão and the NIS masked.
 */
function StudentCensusSection({ record }: { record?: Partial<RaRecord> }) {
  return (
    <Form record={record} onSubmit={() => undefined}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1, color: 'text.secondary' }}>
        Censo
      </Typography>
      <Grid container columnSpacing={2} sx={{ maxWidth: 1100 }}>
        {studentCensusFields.map((field) => (
          <Grid key={field.name} size={isWide(field) ? 12 : { xs: 12, md: 6 }}>
            <FieldInput field={field} mode="edit" />
          </Grid>
        ))}
      </Grid>
    </Form>
  );
}

const MUNICIPALITIES: MunicipalityRow[] = [
  { id: '1500800', code: '1500800', name: 'Ananindeua', uf: 'PA', label: 'Ananindeua — PA' },
  { id: '1501402', code: '1501402', name: 'Belém', uf: 'PA', label: 'Belém — PA' },
];

/** The route's answer, from a few municipalities of the demo's region. */
const dataProvider = {
  ...createMemoryDataProvider({}),
  searchMunicipalities: async (search: string) =>
    MUNICIPALITIES.filter((m) => m.code === search || m.label.toLowerCase().includes(search.toLowerCase())),
};

const meta = {
  title: 'Alunos/Censo',
  component: StudentCensusSection,
  decorators: [withAdmin({ resource: 'alunos', titleBar: false, dataProvider })],
} satisfies Meta<typeof StudentCensusSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A student with every census answer: born in Ananindeua, TEA, the municipal school bus. */
export const Filled: Story = {
  args: {
    record: {
      id: 3,
      inep_id: '123456789012',
      race: '3',
      nationality_kind: '1',
      country_code: '76',
      birth_municipality_ibge: '1500800',
      filiation: '1',
      filiation_2: 'José Carlos Ferreira',
      disabilities: '["25"]',
      assessment_resources: '["1"]',
      public_transport: '2',
      transport_kinds: '["3"]',
      birth_certificate: '10453901552013100012021000012321',
      nis: '17033259504',
    },
  },
  parameters: {
    expectText: ['Censo', 'Cor/raça', 'Transtorno do espectro autista', 'Rodoviário – ônibus', 'Auxílio ledor'],
    expectValue: ['Ananindeua — PA', '104539.01.55.2013.1.00012.021.0000123-21', '170.33259.50-4', 'Brasil'],
  },
};

/** A new student: nothing answered yet, Brasil as the country. */
export const Empty: Story = {
  args: { record: { id: 4, country_code: '76' } },
  parameters: { expectText: ['Censo', 'Município de nascimento', 'Deficiência, TEA ou altas habilidades'] },
};
