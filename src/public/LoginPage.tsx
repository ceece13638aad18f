import { Box, Button, Card, CardContent, CircularProgress, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import {
  confirmRequiredTwoStep,
  login,
  needsSecondStep,
  startRequiredTwoStep,
  type SecondStep,
} from '../../authProvider';
import { ApiRequestError } from '../api/http';
import { TwoStepCodeStep } from '../account/TwoStepCodeStep';
import { TwoStepEnrol } from '../account/TwoStepEnrol';
import { Toast } from '../admin/ToastNotification';
import { landingPath } from '../admin/landing';
import { useBranding } from '../branding';
import { CredentialFields, type Credentials } from './CredentialFields';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { HumanCheck, type HumanCheckHandle } from './HumanCheck';
import { PublicTheme } from './PublicTheme';

type LoginForm = Credentials;

/** 'Login' / 'Acesse sua conta' (spec §2.4); also reached under /admin/login. */
export function LoginPage() {
  const branding = useBranding();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  // After several failures for an e-mail the server asks for the human verification (ALTCHA).
  const [needsCheck, setNeedsCheck] = useState(false);
  const [payload, setPayload] = useState<string | null>(null);
  const check = useRef<HumanCheckHandle>(null);
  // A right password of a user with two-step sign-in: the code (or its set-up) comes next.
  const [second, setSecond] = useState<SecondStep | null>(null);
  const { register, handleSubmit, formState } = useForm<LoginForm>({ defaultValues: { email: '', password: '' } });
  // A teacher lands on Minhas aulas, the others on the dashboard.
  const enter = () => navigate(landingPath(), { replace: true });
  const onSubmit = async (values: LoginForm) => {
    try {
      const answer = await login(values.email.trim(), values.password, payload ?? undefined);
      if (needsSecondStep(answer)) setSecond(answer);
      else enter();
    } catch (error) {
      const answer = error instanceof ApiRequestError ? (error.body as { captcha?: boolean } | null) : null;
      if (answer?.captcha) setNeedsCheck(true);
      // A solution is good for one attempt.
      check.current?.reset();
      setFailure(
        error instanceof ApiRequestError && error.status === 429 ? error.message : 'E-mail ou senha não correspondem.',
      );
    }
  };
  const { errors, isSubmitting } = formState;
  return (
    <PublicTheme>
      <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'secondary.main', p: 2 }}>
        <Card sx={{ width: '100%', maxWidth: 420 }} component="main">
          <CardContent sx={{ p: 4 }}>
            {branding.colored_logo && (
              <Box
                component="img"
                src={branding.colored_logo}
                alt={branding.school_name}
                sx={{ display: 'block', maxHeight: 72, mx: 'auto', mb: 2 }}
              />
            )}
            <Typography variant="h4" component="h1" align="center">
              Login
            </Typography>
            <Typography align="center" color="text.secondary" sx={{ mb: 3 }}>
              Acesse sua conta
            </Typography>
            {second?.two_step && (
              <TwoStepCodeStep challenge={second.challenge} onSignedIn={enter} onBack={() => setSecond(null)} />
            )}
            {second?.two_step_setup && <RequiredSetup second={second} onDone={enter} />}
            <Stack
              component="form"
              spacing={2}
              noValidate
              onSubmit={handleSubmit(onSubmit)}
              sx={second ? { display: 'none' } : undefined}
            >
              <CredentialFields register={register} errors={errors} autoFocus />
              {needsCheck && <HumanCheck ref={check} onChange={setPayload} />}
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={isSubmitting || (needsCheck && !payload)}
                startIcon={isSubmitting ? <CircularProgress size={18} /> : undefined}
              >
                Entrar
              </Button>
              <MuiLink
                component="button"
                type="button"
                onClick={() => setForgotOpen(true)}
                sx={{ alignSelf: 'center' }}
              >
                Esqueceu a senha?
              </MuiLink>
            </Stack>
          </CardContent>
        </Card>
      </Box>
      <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
      <Toast
        open={failure !== null}
        type="warning"
        title="Atenção!"
        message={failure ?? ''}
        onClose={() => setFailure(null)}
      />
    </PublicTheme>
  );
}

/** The school requires two-step sign-in of this user's role and it is not set up: set it up, then enter. */
function RequiredSetup({ second, onDone }: { second: SecondStep; onDone: () => void }) {
  // Through the authProvider's sign-in calls: this page is outside <Admin>, before any session.
  const [start] = useState(() => () => startRequiredTwoStep(second.challenge));
  const confirm = (code: string) => confirmRequiredTwoStep(second.challenge, code);
  return (
    <>
      <Typography sx={{ mb: 2 }}>{second.message}</Typography>
      <TwoStepEnrol start={start} confirm={confirm} onDone={onDone} doneLabel="Entrar" />
    </>
  );
}
