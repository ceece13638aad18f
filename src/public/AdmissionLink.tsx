import { Alert } from '@mui/material';
import { useEffect, useState } from 'react';
import { admissionClient } from './admissionClient';
import { PublicLink } from './PublicLink';

/** "Matrícula {ano}" on the home page while a campaign for new families is open; nothing otherwise. */
export function AdmissionLink() {
  const [year, setYear] = useState<number | null>(null);
  useEffect(() => {
    admissionClient
      .open()
      .then((r) => setYear(r.data?.year ?? null))
      .catch(() => setYear(null));
  }, []);
  if (!year) return null;
  return (
    <Alert severity="info" icon={false}>
      Inscrições abertas para novos alunos: <PublicLink to="/matricula">Matrícula {year}</PublicLink>
    </Alert>
  );
}
