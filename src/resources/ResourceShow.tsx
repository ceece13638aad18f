import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, Card, CardContent, Link as MuiLink, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Show, TopToolbar, useRecordContext, useShowContext, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { fixedRowMessage, type FieldConfig, type ResourceConfig } from '../../resources';
import { displayValue, referenceHref } from './cells';
import { ChildLists } from './ChildLists';
import { editPanels } from './extras';
import { LoadFailed, useLoadFailure } from './LoadFailed';
import { RecordTabs } from './RecordTabs';
import { RecordTitle } from './RecordTitle';
import { useCanEdit } from './RowActions';
import { adminRoutes } from './routes';
import { showSections } from './sections';

/** Shown for a field without a value, so an empty field reads as empty, not as missing. */
export const EMPTY_VALUE = '—';

function Value({ field, record }: { field: FieldConfig; record: RaRecord }): ReactNode {
  const shown = displayValue(field, record, false);
  if (shown === '' || shown === null || shown === undefined) return EMPTY_VALUE;
  if (Array.isArray(record[field.name]) && (record[field.name] as unknown[]).length === 0) return EMPTY_VALUE;
  const href = field.type === 'reference' ? referenceHref(field, record) : undefined;
  return href ? (
    <MuiLink component={Link} to={href}>
      {shown}
    </MuiLink>
  ) : (
    shown
  );
}

/** Each section as a titled list of label and value pairs, two or three to a row on a wide screen. */
function Sections({ config }: { config: ResourceConfig }) {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Stack spacing={2}>
      {showSections(config).map((section) => (
        <Card key={section.title} component="section" aria-label={section.title}>
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
              {section.title}
            </Typography>
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
              }}
            >
              {section.fields.map((field) => (
                <Box
                  key={field.name}
                  sx={{ minWidth: 0, gridColumn: field.type === 'textarea' ? '1 / -1' : undefined }}
                >
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {field.label}
                  </Typography>
                  <Typography
                    component="dd"
                    sx={{
                      m: 0,
                      overflowWrap: 'anywhere',
                      whiteSpace: field.type === 'textarea' ? 'pre-wrap' : undefined,
                    }}
                  >
                    <Value field={field} record={record} />
                  </Typography>
                </Box>
              ))}
            </Box>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

function ShowActions({ config }: { config: ResourceConfig }) {
  const record = useRecordContext();
  const canEdit = useCanEdit(config);
  if (!record) return null;
  if (!canEdit) {
    const fixed = fixedRowMessage(config, record.id);
    return fixed ? (
      <Alert severity="info" sx={{ my: 1 }}>
        {fixed}
      </Alert>
    ) : null;
  }
  return (
    <TopToolbar>
      <Button component={Link} to={adminRoutes(config).edit(record.id)} variant="contained" startIcon={<EditIcon />}>
        Editar
      </Button>
    </TopToolbar>
  );
}

/** The config's `ui.showPanels` under the sections (a guardian's access to the portal). */
function ShowPanels({ config }: { config: ResourceConfig }) {
  return (
    <>
      {(config.ui?.showPanels ?? []).map((name) => {
        const Panel = editPanels[name];
        return <Panel key={name} />;
      })}
    </>
  );
}

function ShowLoadFailed() {
  return <LoadFailed error={useShowContext().error} />;
}

/**
 * Read-only view of a record, generated from the config: every field with its label, in the form's sections.
 * A record with tabs shows them here too (a role that may read a student but not change it, as Financeiro,
 * opens this screen and still needs FINANCEIRO and DOCUMENTOS); each tab offers only what the role may do.
 */
export function ResourceShow({ config }: { config: ResourceConfig }) {
  const loadFailure = useLoadFailure();
  const tabs = config.ui?.recordTabs;
  return (
    <Show
      title={<RecordTitle config={config} />}
      actions={<ShowActions config={config} />}
      queryOptions={loadFailure}
      error={<ShowLoadFailed />}
      component="div"
      sx={{ maxWidth: tabs ? 'none' : 1200 }}
    >
      {tabs ? (
        <RecordTabs name={tabs} maxWidth={1200}>
          <Box sx={{ p: 2 }}>
            <Stack spacing={2}>
              <Sections config={config} />
              <ShowPanels config={config} />
              <ChildLists config={config} />
            </Stack>
          </Box>
        </RecordTabs>
      ) : (
        <Stack spacing={2}>
          <Sections config={config} />
          <ShowPanels config={config} />
          <ChildLists config={config} />
        </Stack>
      )}
    </Show>
  );
}
