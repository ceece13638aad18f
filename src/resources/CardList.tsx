import { Box, Card, CardContent, LinearProgress, Link as MuiLink, Typography } from '@mui/material';
import { RecordContextProvider, useListContext, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { fieldOf, type FieldConfig, type ResourceConfig } from '../../resources';
import { StudentAvatar } from '../lessons/StudentAvatar';
import { displayValue, fieldValue } from './cells';
import { representationField } from './RecordTitle';
import { RowActions } from './RowActions';

/** The field a card is headed by: the record's name, else the first column that is not the number. */
export function cardTitleField(config: ResourceConfig, columns: string[]): string {
  const name = representationField(config);
  if (name !== 'id') return name;
  return columns.find((c) => c !== 'id') ?? 'id';
}

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** The card's heading: the whole name, as the list writes it (upper case where the config says), never cut. */
function titleOf(config: ResourceConfig, field: FieldConfig, record: RaRecord): string {
  const text = displayValue({ ...field, truncateInList: undefined }, record, true);
  return typeof text === 'string' && text !== '' ? text : `${config.labels.singular} nº ${String(record.id)}`;
}

/** Whether a card leaves the field out: nothing to say (a count or a named cell says something even at 0). */
const says = (field: FieldConfig, record: RaRecord) =>
  Boolean(field.cell || field.count) || !isEmpty(fieldValue(field, record));

function RecordCard({
  config,
  record,
  title,
  fields,
  target,
}: {
  config: ResourceConfig;
  record: RaRecord;
  title: FieldConfig;
  fields: FieldConfig[];
  target: (id: Identifier) => string;
}) {
  const heading = titleOf(config, title, record);
  return (
    <RecordContextProvider value={record}>
      <Card component="li" variant="outlined">
        <CardContent sx={{ '&:last-child': { pb: 1 } }}>
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 1 }}>
            {/* The only image field is a student's photo: asked for only when the list says there is one. */}
            {config.fields.some((f) => f.type === 'image') && (
              <StudentAvatar student={{ id: Number(record.id), name: heading, has_photo: record.has_photo === true }} />
            )}
            <Box sx={{ minWidth: 0 }}>
              <MuiLink
                component={Link}
                to={target(record.id)}
                underline="hover"
                sx={{ fontWeight: 600, overflowWrap: 'anywhere', display: 'block' }}
              >
                {heading}
              </MuiLink>
              <Typography variant="caption" color="text.secondary">
                nº {String(record.id)}
              </Typography>
            </Box>
          </Box>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'minmax(88px, max-content) 1fr',
              columnGap: 1.5,
              rowGap: 0.5,
              m: 0,
              fontSize: '0.875rem',
              '& dt': { color: 'text.secondary' },
              '& dd': { m: 0, minWidth: 0, overflowWrap: 'anywhere' },
            }}
          >
            {fields
              .filter((field) => says(field, record))
              .map((field) => [
                <dt key={`${field.name}-t`}>{field.label}</dt>,
                <dd key={`${field.name}-d`}>{displayValue(field, record, false)}</dd>,
              ])}
          </Box>
          <RowActions config={config} />
        </CardContent>
      </Card>
    </RecordContextProvider>
  );
}

/**
 * A list on a phone: a card per record with its name whole (a table of 390 px cut names to "LUC AS…" and dates to
 * "27/11/20"), the other columns as label and value, the row's actions at the foot. The same list context as the
 * table (search, order, pages), from the same config.
 */
export function CardList({
  config,
  columns,
  target,
}: {
  config: ResourceConfig;
  columns: string[];
  target: (id: Identifier) => string;
}) {
  const { data, isPending } = useListContext();
  const translate = useTranslate();
  if (isPending) return <LinearProgress aria-label="Carregando" />;
  if (!data?.length)
    return (
      <Typography sx={{ p: 2 }}>
        {translate('ra.navigation.no_results', { _: 'Nenhum registro encontrado' })}
      </Typography>
    );
  const titleName = cardTitleField(config, columns);
  const fields = columns.filter((c) => c !== 'id' && c !== titleName).map((c) => fieldOf(config, c));
  return (
    <Box
      component="ul"
      aria-label={config.labels.plural}
      sx={{ listStyle: 'none', m: 0, p: 1, display: 'grid', gap: 1 }}
    >
      {data.map((record: RaRecord) => (
        <RecordCard
          key={record.id}
          config={config}
          record={record}
          title={fieldOf(config, titleName)}
          fields={fields}
          target={target}
        />
      ))}
    </Box>
  );
}
