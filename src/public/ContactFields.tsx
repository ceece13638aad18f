import SendIcon from '@mui/icons-material/Send';
import { Button, CircularProgress, Grid } from '@mui/material';
import { useRef, useState, type FormEvent } from 'react';
import { formatPhone, onlyDigits } from '../../resources/text';
import { buildUrl } from '../api/http';
import { HumanCheck, type HumanCheckHandle } from './HumanCheck';
import { PublicTextField } from './PublicTextField';
import type { usePublicToast } from './usePublicToast';

const EMPTY = { nome: '', e_mail: '', doubt: '', whatsapp: '' };

/** Sends the form as a POST: in a query string, the visitor's data would land in logs and proxies. */
export function sendContact(values: typeof EMPTY, altcha: string): Promise<Response> {
  return fetch(buildUrl('/send-mail'), {
    method: 'POST',
    headers: { 'x-altcha': altcha, Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...values, whatsapp: onlyDigits(values.whatsapp) }),
  });
}

/**
 * The fields of 'Ficou alguma dúvida?' (ContactForm): the message is stored by the school and mailed to it (spec §2.3).
 */
export function ContactFields({ toast }: { toast: ReturnType<typeof usePublicToast> }) {
  const [values, setValues] = useState(EMPTY);
  const [payload, setPayload] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const check = useRef<HumanCheckHandle>(null);
  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setValues({ ...values, [field]: field === 'whatsapp' ? formatPhone(e.target.value) : e.target.value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (Object.values(values).some((v) => !v.trim())) {
      return toast.show({
        type: 'warning',
        title: 'Atenção!',
        message: 'Por favor, preencha todos os campos do formulário de contato.',
      });
    }
    if (!payload) return;
    setSending(true);
    try {
      const response = await sendContact(values, payload);
      const body = (await response.json().catch(() => null)) as { message?: string } | null;
      if (response.ok) {
        toast.show({ type: 'success', title: 'Sucesso!', message: body?.message ?? 'Mensagem enviada com sucesso!' });
        setValues(EMPTY);
      } else {
        toast.show({ type: 'error', title: 'Erro', message: body?.message ?? 'Não foi possível enviar a mensagem.' });
      }
    } catch {
      toast.show({
        type: 'error',
        title: 'Erro',
        message: 'Não foi possível falar com o servidor. Verifique sua conexão.',
      });
    } finally {
      setSending(false);
      check.current?.reset();
    }
  };

  return (
    <Grid container spacing={2} component="form" noValidate onSubmit={(e) => void submit(e)}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <PublicTextField label="Nome" value={values.nome} onChange={set('nome')} htmlInput={{ maxLength: 190 }} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <PublicTextField
          label="E-mail"
          type="email"
          value={values.e_mail}
          onChange={set('e_mail')}
          htmlInput={{ maxLength: 190 }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <PublicTextField
          label="WhatsApp"
          value={values.whatsapp}
          onChange={set('whatsapp')}
          placeholder="(##) #####-####"
          htmlInput={{ inputMode: 'tel' }}
        />
      </Grid>
      <Grid size={12}>
        <PublicTextField
          label="Dúvida"
          value={values.doubt}
          onChange={set('doubt')}
          multiline
          minRows={4}
          htmlInput={{ maxLength: 5000 }}
        />
      </Grid>
      <Grid size={12}>
        <HumanCheck ref={check} onChange={setPayload} />
        <Button
          type="submit"
          variant="contained"
          disabled={!payload || sending}
          startIcon={sending ? <CircularProgress size={18} /> : <SendIcon />}
        >
          Enviar
        </Button>
      </Grid>
    </Grid>
  );
}
