import { Avatar, Box } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { useStudentPhoto } from './useStudentPhoto';

/** The stored photo (fetched with the token); hidden when the student has none. */
export function StudentPhoto() {
  const record = useRecordContext();
  // Asked only when the record does not say there is none (`has_photo`); a 404 or any failure hides the image.
  const url = useStudentPhoto(
    record?.id === undefined ? undefined : Number(record.id),
    record?.has_photo !== false,
    record?.updated_at,
  );
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
