import { useSearchParams } from 'react-router-dom';
import { clearSession } from '../../authProvider';
import { apiRequest } from '../api/http';
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
          send={(token, values) =>
            apiRequest<{ message: string }>('/reset-password', { method: 'POST', body: { token, ...values } })
          }
          onDone={clearSession}
          signInPath="/login"
        />
      </PasswordCard>
    </PublicTheme>
  );
}
