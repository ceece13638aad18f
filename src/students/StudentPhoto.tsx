import { Avatar, Box } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { useStudentPhoto } from './useStudentPhoto';

/** The stored photo (fetched with the token); hidden when the student has none. */
export function StudentPhoto() {
  const record = useRecordContext();
  // 404 (no photo) or any failure: the image is hidden.
  const url = useStudentPhoto(record?.id === undefined ? undefined : Number(record.id), true, record?.updated_at);
  if (!url) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Avatar
        src={url}
        alt={`Foto de ${String(record?.name ?? 'aluno')}`}
        variant="rounded"
        sx={{ width: 120, height: 150 }}
      />
    </Box>
  );
}
