import { Box, Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, Typography } from '@mui/material';
import { useInput } from 'react-admin';
import type { Permission } from '../../resources/permissions';

/** The catalogue in its groups, in the order the server lists them (Alunos, Turmas, … Administração). */
export function groupsOf(catalogue: Permission[]): { group: string; permissions: Permission[] }[] {
  const groups = new Map<string, Permission[]>();
  for (const permission of catalogue)
    groups.set(permission.group, [...(groups.get(permission.group) ?? []), permission]);
  return [...groups].map(([group, permissions]) => ({ group, permissions }));
}

/** A slug for ids: "Cadastros básicos" → "cadastros-basicos". */
const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w]+/g, '-')
    .toLowerCase();

/**
 * A role's permissions (the form's `permissions`, a list of keys) as checkboxes grouped as the catalogue says,
 * each group with a box that ticks or clears all of it. `locked` keys stay ticked (Administração keeps the
 * management of users and roles: the server refuses to take it away).
 */
export function PermissionsInput({
  catalogue,
  locked = [],
  lockedReason,
}: {
  catalogue: Permission[];
  locked?: string[];
  lockedReason?: string;
}) {
  const { field } = useInput<string[]>({ source: 'permissions', defaultValue: [] });
  const held = new Set<string>(Array.isArray(field.value) ? field.value : []);
  // Kept in the catalogue's order, so the request reads like the screen.
  const save = (next: Set<string>) => field.onChange(catalogue.map((p) => p.key).filter((k) => next.has(k)));
  const toggle = (keys: string[], on: boolean) => {
    const next = new Set(held);
    for (const key of keys)
      if (on) next.add(key);
      else if (!locked.includes(key)) next.delete(key);
    save(next);
  };
  return (
    <Box role="group" aria-labelledby="permissoes-titulo" sx={{ width: '100%', mt: 1 }}>
      <Typography id="permissoes-titulo" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        Permissões
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          columnGap: 3,
          rowGap: 1.5,
        }}
      >
        {groupsOf(catalogue).map(({ group, permissions }) => {
          const keys = permissions.map((p) => p.key);
          const count = keys.filter((k) => held.has(k)).length;
          return (
            <FormControl
              key={group}
              id={`permissoes-${slug(group)}`}
              component="fieldset"
              variant="standard"
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, pb: 1, minWidth: 0 }}
            >
              <Box component="legend" sx={{ px: 0.5 }}>
                <FormControlLabel
                  sx={{ mx: 0 }}
                  control={
                    <Checkbox
                      size="small"
                      checked={count === keys.length}
                      indeterminate={count > 0 && count < keys.length}
                      onChange={(e) => toggle(keys, e.target.checked)}
                      slotProps={{ input: { 'aria-label': `${group}: todas as permissões` } }}
                    />
                  }
                  label={
                    <Typography component="span" sx={{ fontWeight: 600 }}>
                      {group}
                    </Typography>
                  }
                />
              </Box>
              <FormGroup>
                {permissions.map((permission) => (
                  <FormControlLabel
                    key={permission.key}
                    sx={{ alignItems: 'flex-start', ml: 0, '& .MuiCheckbox-root': { pt: 0.25 } }}
                    control={
                      <Checkbox
                        size="small"
                        checked={held.has(permission.key)}
                        disabled={locked.includes(permission.key)}
                        onChange={(e) => toggle([permission.key], e.target.checked)}
                        name={permission.key}
                      />
                    }
                    label={<Typography variant="body2">{permission.label}</Typography>}
                  />
                ))}
                {permissions.some((p) => locked.includes(p.key)) && lockedReason && (
                  <FormHelperText sx={{ ml: 4 }}>{lockedReason}</FormHelperText>
                )}
              </FormGroup>
            </FormControl>
          );
        })}
      </Box>
    </Box>
  );
}
