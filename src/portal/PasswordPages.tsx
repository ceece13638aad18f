import { useSearchParams } from 'react-router-dom';
import { NewPasswordForm, PasswordCard } from '../public/NewPasswordForm';
import { clearPortalToken, portalApi } from './api';

const tokenOf = (params: URLSearchParams) => params.get('token') ?? '';

/** /portal/ativar?token=…: the invitation's link. The password typed twice; success leads to the sign-in. */
export function ActivatePage() {
  const [params] = useSearchParams();
  return (
    <PasswordCard title="Ativar acesso ao portal">
      <NewPasswordForm
        token={tokenOf(params)}
        send={(token, { password }) => portalApi.activate(token, password)}
        signInPath="/portal"
        passwordLabel="Senha"
        submitLabel="Definir senha"
      />
    </PasswordCard>
  );
}

/** /portal/redefinir-senha?token=…: the link mailed by "Esqueci a senha" on the portal's sign-in. */
export function PortalResetPage() {
  const [params] = useSearchParams();
  return (
    <PasswordCard title="Redefinir senha">
      <NewPasswordForm
        token={tokenOf(params)}
        send={(token, { password }) => portalApi.resetPassword(token, password)}
        // Sessions opened with the old password end on the server; this browser's goes too.
        onDone={clearPortalToken}
        signInPath="/portal"
      />
    </PasswordCard>
  );
}
