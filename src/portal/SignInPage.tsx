import { Alert, Box, Button, CircularProgress, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { ApiRequestError } from '../api/http';
import { useBranding } from '../branding';
import { CredentialFields, type Credentials } from '../public/CredentialFields';
import { ForgotPasswordDialog } from '../public/ForgotPasswordDialog';
import { HumanCheck, type HumanCheckHandle } from '../public/HumanCheck';
import { PasswordCard } from '../public/NewPasswordForm';
import { portalApi } from './api';

type Form = Credentials;

/** The staff's words for a refused sign-in (server/auth/routes.ts), when the server gave none. */
const FAILED = 'E-mail ou senha não correspondem.';

/** Why a sign-in was refused, in the server's words (a wrong password, too many attempts, no connection). */
function failureOf(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return FAILED;
  const words = (error.body as { message?: unknown } | null)?.message;
  if (typeof words === 'string' && words) return words;
  return error.status === 401 ? FAILED : error.message;
}

/**
 * The portal's sign-in: e-mail and password of the invitation, the human check (ALTCHA) when the server asks for
 * it after failures, and "Esqueci a senha" — the staff's flow, on the portal's routes.
 */
export function SignInPage({ notice, onSignedIn }: { notice?: string | null; onSignedIn: () => void }) {
  const branding = useBranding();
  const [failure, setFailure] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [needsCheck, setNeedsCheck] = useState(false);
  const [payload, setPayload] = useState<string | null>(null);
  const check = useRef<HumanCheckHandle>(null);
  const { register, handleSubmit, formState } = useForm<Form>({ defaultValues: { email: '', password: '' } });
  const submit = async ({ email, password }: Form) => {
    setFailure(null);
    try {
      await portalApi.login(email.trim(), password, payload ?? undefined);
      onSignedIn();
    } catch (error) {
      if (error instanceof ApiRequestError && (error.body as { captcha?: boolean } | null)?.captcha)
        setNeedsCheck(true);
      // A solution is good for one attempt.
      check.current?.reset();
      setFailure(failureOf(error));
    }
  };
  const { errors, isSubmitting } = formState;
  return (
    <PasswordCard title="Portal das famílias">
      {branding.colored_logo && (
        <Box
          component="img"
          src={branding.colored_logo}
          alt={branding.school_name}
          sx={{ display: 'block', maxHeight: 64, mx: 'auto', mb: 2 }}
        />
      )}
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {branding.school_name}: boletim, frequência, financeiro e documentos dos seus filhos. Entre com o e-mail do
        convite da secretaria.
      </Typography>
      {notice && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
      <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(submit)}>
        <CredentialFields register={register} errors={errors} />
        {needsCheck && <HumanCheck ref={check} onChange={setPayload} />}
        {failure && <Alert severity="warning">{failure}</Alert>}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={isSubmitting || (needsCheck && !payload)}
          startIcon={isSubmitting ? <CircularProgress size={18} /> : undefined}
        >
          Entrar
        </Button>
        <MuiLink component="button" type="button" onClick={() => setForgotOpen(true)} sx={{ alignSelf: 'center' }}>
          Esqueci a senha
        </MuiLink>
        <MuiLink component={Link} to="/portal/ativar" sx={{ alignSelf: 'center' }}>
          Primeiro acesso com código de convite
        </MuiLink>
      </Stack>
      <ForgotPasswordDialog
        open={forgotOpen}
        onClose={() => setForgotOpen(false)}
        send={portalApi.forgotPassword}
        humanCheck
      />
    </PasswordCard>
  );
}
