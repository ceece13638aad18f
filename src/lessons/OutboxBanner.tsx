import { Alert, Button } from '@mui/material';
import { flush } from './outbox';
import { useOnline, usePending } from './useOutbox';

/**
 * Says what this device still holds for the server, and that it leaves when the connection returns: one
 * banner at a time, a phone's screen is small.
 */
export function OutboxBanner() {
  const online = useOnline();
  const pending = usePending();
  const refused = pending.filter((p) => p.refusal).length;
  const waiting = pending.length - refused;
  const offline = online ? '' : 'Sem conexão. ';
  return (
    <>
      {waiting > 0 ? (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            online ? (
              <Button color="inherit" size="small" onClick={() => void flush()}>
                Enviar agora
              </Button>
            ) : undefined
          }
        >
          {offline}
          {waiting === 1
            ? '1 aula não enviada: fica guardada neste aparelho e é enviada sozinha quando a conexão voltar.'
            : `${waiting} aulas não enviadas: ficam guardadas neste aparelho e são enviadas sozinhas quando a conexão voltar.`}
        </Alert>
      ) : (
        !online && (
          <Alert severity="info" sx={{ mb: 2 }}>
            Sem conexão. O que você salvar fica guardado neste aparelho e é enviado quando a conexão voltar.
          </Alert>
        )
      )}
      {refused > 0 && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {refused === 1 ? '1 aula não foi aceita' : `${refused} aulas não foram aceitas`} pelo servidor: abra, corrija
          o que está indicado e salve de novo.
        </Alert>
      )}
    </>
  );
}
