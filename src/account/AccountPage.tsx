import { Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { Title, useGetIdentity } from 'react-admin';
import { rememberName } from '../../authProvider';
import { useApi } from '../api/useApi';
import { useServerWrite, type CallResult } from '../components/serverErrors';
import { StaffPushOptIn } from '../push/StaffPushOptIn';
import { NameForm } from './NameForm';
import { PASSWORD_FIELDS, PasswordChangeForm, type PasswordChange } from './PasswordChangeForm';
import { TwoStepPanel } from './TwoStepPage';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Typography variant="h6" component="h2" id={id} gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

export interface AccountViewProps {
  name: string;
  email: string;
  /** The role's name, for the person to see what they may do. */
  roleName?: string | null;
  saveName: (values: { name: string }) => Promise<CallResult<unknown>>;
  changePassword: (values: PasswordChange) => Promise<CallResult<unknown>>;
  /** The two-step sign-in's section (TwoStepPanel, which reads its own status). */
  twoStep?: ReactNode;
}

/** Minha conta as it is drawn: one's data, one's password, one's two-step sign-in. */
export function AccountView({ name, email, roleName, saveName, changePassword, twoStep }: AccountViewProps) {
  return (
    <Stack spacing={2} sx={{ mt: 2, maxWidth: 760 }}>
      <Section title="Seus dados">
        {roleName && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Perfil: {roleName}
          </Typography>
        )}
        <NameForm key={name} name={name} email={email} send={saveName} />
      </Section>
      <Section title="Senha">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Ao trocar a senha, as suas sessões abertas em outros aparelhos são encerradas; nesta você continua.
        </Typography>
        <PasswordChangeForm send={changePassword} />
      </Section>
      {twoStep && <Section title="Verificação em duas etapas">{twoStep}</Section>}
    </Stack>
  );
}

/** Minha conta (user menu): every signed-in user changes their own name and password, whatever their role. */
export function AccountPage() {
  const { identity, refetch } = useGetIdentity();
  const api = useApi();
  const write = useServerWrite();
  const saveName = async (values: { name: string }) => {
    const result = await write(() => api.saveMyName(values), {
      fallback: 'Não foi possível salvar o nome.',
      fields: ['name'],
    });
    if (result.ok) {
      rememberName(result.body.data.name);
      await refetch();
    }
    return result;
  };
  const changePassword = (values: PasswordChange) =>
    write(() => api.changeMyPassword({ ...values }), {
      fallback: 'Não foi possível trocar a senha.',
      fields: PASSWORD_FIELDS,
    });
  return (
    <>
      <Title title="Minha conta" />
      {!identity ? (
        <CircularProgress aria-label="Carregando" sx={{ mt: 2 }} />
      ) : (
        <AccountView
          name={identity.fullName ?? ''}
          email={String(identity.email ?? '')}
          roleName={identity.roleName as string | null | undefined}
          saveName={saveName}
          changePassword={changePassword}
          twoStep={<TwoStepPanel />}
        />
      )}
      <StaffPushOptIn />
    </>
  );
}
