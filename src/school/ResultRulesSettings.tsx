import { FormControlLabel, FormHelperText, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { wholeOrTyped } from './typed';

/** How the year's results are reached, as `GET /school-settings` answers them (issue 38). */
export interface ResultRules {
  average_mode: 'arithmetic' | 'weighted';
  stage_weights: Record<string, number>;
  makeup_rule: 'none' | 'capped' | 'grade';
  failures_allowed: number;
  dependencia_allowed: boolean;
}

export const RESULT_RULES_DEFAULT: ResultRules = {
  average_mode: 'arithmetic',
  stage_weights: {},
  makeup_rule: 'none',
  failures_allowed: 0,
  dependencia_allowed: false,
};

/** What the form holds: the numbers as typed (the weights as "1, 1, 2, 2", one per stage in order). */
export type ResultRulesForm = Omit<ResultRules, 'stage_weights' | 'failures_allowed'> & {
  stage_weights: string;
  failures_allowed: string;
};

export const resultRulesForm = (r: ResultRules): ResultRulesForm => ({
  ...r,
  stage_weights: Object.keys(r.stage_weights)
    .map(Number)
    .sort((a, b) => a - b)
    .map((stage) => String(r.stage_weights[stage]))
    .join(', '),
  failures_allowed: String(r.failures_allowed),
});

/** The weights typed in stage order become {"1": w1, "2": w2, …}; a word goes as typed, for the server's message. */
export function resultRulesBody(form: ResultRulesForm): Record<string, unknown> {
  const typed = form.stage_weights
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);
  return {
    ...form,
    stage_weights: Object.fromEntries(typed.map((w, i) => [String(i + 1), wholeOrTyped(w)])),
    failures_allowed: wholeOrTyped(form.failures_allowed),
  };
}

/**
 * "Resultado final" on Configurações da escola: the annual average, the final make-up, how many disciplines a
 * student may fail and still be promoted, and dependência. Errors come as the server names them (`results.…`).
 */
export function ResultRulesSettings({
  value,
  onChange,
  errors,
}: {
  value: ResultRulesForm;
  onChange: (next: ResultRulesForm) => void;
  errors: Record<string, string[]>;
}) {
  const errorOf = (name: string) => errors[`results.${name}`]?.[0];
  const set = (name: keyof ResultRulesForm) => (event: { target: { value: string } }) =>
    onChange({ ...value, [name]: event.target.value });
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1" sx={{ pt: 1 }}>
        Resultado final
      </Typography>
      <TextField
        select
        label="Média anual"
        value={value.average_mode}
        onChange={set('average_mode')}
        error={Boolean(errorOf('average_mode'))}
        helperText={errorOf('average_mode')}
        sx={{ maxWidth: 360 }}
      >
        <MenuItem value="arithmetic">Aritmética (todas as etapas pesam igual)</MenuItem>
        <MenuItem value="weighted">Ponderada por etapa</MenuItem>
      </TextField>
      {value.average_mode === 'weighted' && (
        <TextField
          label="Pesos das etapas"
          value={value.stage_weights}
          onChange={set('stage_weights')}
          error={Boolean(errorOf('stage_weights'))}
          helperText={errorOf('stage_weights') ?? 'Na ordem das etapas, separados por vírgula: 1, 1, 2, 2.'}
          sx={{ maxWidth: 360 }}
        />
      )}
      <TextField
        select
        label="Recuperação final"
        value={value.makeup_rule}
        onChange={set('makeup_rule')}
        error={Boolean(errorOf('makeup_rule'))}
        helperText={
          errorOf('makeup_rule') ?? 'A nota da recuperação substitui a média quando maior, até o limite escolhido.'
        }
        sx={{ maxWidth: 480 }}
      >
        <MenuItem value="none">Sem recuperação final</MenuItem>
        <MenuItem value="capped">Substitui a média, até a média de aprovação</MenuItem>
        <MenuItem value="grade">Substitui a média, até a própria nota</MenuItem>
      </TextField>
      <TextField
        label="Reprovações permitidas para promoção"
        value={value.failures_allowed}
        onChange={set('failures_allowed')}
        error={Boolean(errorOf('failures_allowed'))}
        helperText={
          errorOf('failures_allowed') ?? 'Reprovado em mais disciplinas que isso, o aluno fica retido (0: nenhuma).'
        }
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 } }}
        sx={{ maxWidth: 360 }}
      />
      <div>
        <FormControlLabel
          control={
            <Switch
              checked={value.dependencia_allowed}
              onChange={(_event, on) => onChange({ ...value, dependencia_allowed: on })}
            />
          }
          label="Promover com dependência"
        />
        <FormHelperText>
          Ligado: as disciplinas em que o aluno promovido foi reprovado aparecem como dependência no resultado.
        </FormHelperText>
      </div>
    </Stack>
  );
}
