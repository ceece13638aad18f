import { Avatar, Box } from '@mui/material';
import { useEffect, useState } from 'react';
import { useRecordContext } from 'react-admin';
import { apiBlob } from '../api/files';

/** The stored photo (fetched with the token); hidden when the student has none. */
export function StudentPhoto() {
  const record = useRecordContext();
  const [url, setUrl] = useState<string | null>(null);
  const version = record?.updated_at;
  useEffect(() => {
    if (!record?.id) return;
    let objectUrl: string | null = null;
    let alive = true;
    // 404 (no photo) or any failure: the image is hidden.
    apiBlob(`/students/${record.id}/get-image`)
      .then((blob) => {
        if (!alive) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => setUrl(null));
    return () => {
      alive = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [record?.id, version]);
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
