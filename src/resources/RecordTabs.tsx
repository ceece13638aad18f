import { Box, Card, Stack, Tab, Tabs } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useRecordContext } from 'react-admin';
import { useLocation } from 'react-router-dom';
import type { RecordTabsName } from '../../resources/types';
import { useAllows } from '../admin/useAllows';
import { recordTabs } from './extras';

/** The first tab of a record: its form. */
export const FORM_TAB = 'Cadastro';

/**
 * A record's tabs at the top of its edit screen: the form first, then the config's named tabs. The form
 * stays mounted while another tab is open, so what was typed is still there on the way back.
 */
export function RecordTabs({
  name,
  maxWidth,
  children,
}: {
  name: RecordTabsName;
  maxWidth: number;
  children: ReactNode;
}) {
  const record = useRecordContext();
  const allows = useAllows();
  const tabs = recordTabs[name].tabs.filter((t) => allows(t.access));
  const { Extra } = recordTabs[name];
  const labels = [FORM_TAB, ...tabs.map((t) => t.label)];
  // `?aba=documentos` opens that tab: where a screen sends the person back to see what it just made.
  const asked = new URLSearchParams(useLocation().search).get('aba')?.toLowerCase();
  const [tab, setTab] = useState(() =>
    Math.max(
      0,
      labels.findIndex((l) => l.toLowerCase() === asked),
    ),
  );
  const current = tab === 0 ? undefined : tabs[tab - 1];
  return (
    <Card sx={{ maxWidth: current?.wide ? 'none' : maxWidth }}>
      <Stack
        direction="row"
        alignItems="center"
        flexWrap="wrap"
        sx={{ borderBottom: 1, borderColor: 'divider', pr: 1 }}
      >
        <Tabs
          value={tab}
          onChange={(_, v: number) => setTab(v)}
          variant="scrollable"
          scrollButtons="auto"
          aria-label="Abas"
          sx={{ flex: 1, minWidth: 0 }}
        >
          {labels.map((label, i) => (
            <Tab key={label} label={label} id={`aba-${i}`} aria-controls={`painel-${i}`} />
          ))}
        </Tabs>
        {Extra && <Extra />}
      </Stack>
      <Box role="tabpanel" id="painel-0" aria-labelledby="aba-0" hidden={tab !== 0}>
        {children}
      </Box>
      {current && record && (
        <Box role="tabpanel" id={`painel-${tab}`} aria-labelledby={`aba-${tab}`} sx={{ p: 2 }}>
          <current.Panel record={record} />
        </Box>
      )}
    </Card>
  );
}
