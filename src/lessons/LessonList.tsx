import CloudOffIcon from '@mui/icons-material/CloudOff';
import { Box, List, ListItem, ListItemButton, ListItemText, Paper, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { formatDate } from '../format';
import { periodsLabel } from './types';

/** A lesson as the list shows it: the server's, or one still in the outbox. */
export interface LessonItem {
  /** Where it opens: `/admin/minhas-aulas/12`. */
  to: string;
  key: string;
  team: string;
  discipline: string;
  date: string;
  periods: number;
  content: string;
  /** Not on the server yet (or its latest roll call is not). */
  unsent?: boolean;
  /** The server refused it: the teacher must open and correct it. */
  refused?: boolean;
}

function Item({ item, today }: { item: LessonItem; today: string }) {
  const when = item.date === today ? 'Hoje' : formatDate(item.date);
  return (
    <ListItem disablePadding divider>
      <ListItemButton component={Link} to={item.to} sx={{ minHeight: 64, alignItems: 'flex-start', py: 1.25 }}>
        <ListItemText
          primary={
            <>
              {item.discipline} · {item.team}
            </>
          }
          secondary={
            <>
              <Box component="span" sx={{ display: 'block' }}>
                {when} · {periodsLabel(item.periods)}
              </Box>
              <Box
                component="span"
                sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {item.content}
              </Box>
              {(item.unsent || item.refused) && (
                <Box
                  component="span"
                  sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 0.5, color: 'error.dark' }}
                >
                  <CloudOffIcon fontSize="small" aria-hidden />
                  {item.refused ? 'Não enviado: corrija e salve de novo' : 'Não enviado'}
                </Box>
              )}
            </>
          }
          slotProps={{ primary: { sx: { fontWeight: 500 } }, secondary: { component: 'span' } }}
          sx={{ minWidth: 0, m: 0 }}
        />
      </ListItemButton>
    </ListItem>
  );
}

/** Today's lessons first, then the recent ones, each opening its roll call. */
export function LessonList({ items, today }: { items: LessonItem[]; today: string }) {
  if (items.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        Nenhuma aula registrada ainda. Toque em “Nova aula” para registrar a de hoje.
      </Typography>
    );
  const groups = [
    { title: 'Hoje', items: items.filter((i) => i.date === today) },
    { title: 'Aulas recentes', items: items.filter((i) => i.date !== today) },
  ].filter((g) => g.items.length > 0);
  return (
    <>
      {groups.map((group) => (
        <Box key={group.title} component="section" aria-label={group.title} sx={{ mb: 2 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 0.5 }}>
            {group.title}
          </Typography>
          <Paper variant="outlined">
            <List disablePadding>
              {group.items.map((item) => (
                <Item key={item.key} item={item} today={today} />
              ))}
            </List>
          </Paper>
        </Box>
      ))}
    </>
  );
}
