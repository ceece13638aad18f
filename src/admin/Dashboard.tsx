import { Card, CardContent, Typography } from '@mui/material';
import { Title, useGetIdentity } from 'react-admin';
import { useBranding } from '../branding';

/** Management home. The indicators and report shortcuts arrive with their own issue. */
export function Dashboard() {
  const { data: identity } = useGetIdentity();
  const branding = useBranding();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Gestão" />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          Dashboard de Gestão Escolar
        </Typography>
        <Typography>
          Bem-vindo(a){identity?.fullName ? `, ${identity.fullName}` : ''}! Este é o painel de gestão da {branding.school_name}. Use o menu
          para cadastrar e consultar os dados da escola.
        </Typography>
      </CardContent>
    </Card>
  );
}
