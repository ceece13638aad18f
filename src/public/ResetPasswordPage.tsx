import { useSearchParams } from 'react-router-dom';
import { clearSession } from '../../authProvider';
import { publicClient } from './publicClient';
import { NewPasswordForm, PasswordCard } from './NewPasswordForm';
import { PublicTheme } from './PublicTheme';

/** /redefinir-senha?token=…: the link mailed by "Esqueceu a senha?". */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  return (
    <PublicTheme>
      <PasswordCard title="Redefinir senha">
        <NewPasswordForm
          token={params.get('token') ?? ''}
          send={(token, values) => publicClient.resetPassword(token, { ...values })}
          onDone={clearSession}
          signInPath="/login"
        />
      </PasswordCard>
    </PublicTheme>
  );
}
