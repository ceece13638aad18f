import { Avatar, Box } from '@mui/material';
import { useEffect, useState } from 'react';
import { useRecordContext } from 'react-admin';
import { API_BASE, getToken } from '../api/http';

/** The stored photo (fetched with the token); hidden when the student has none. */
export function StudentPhoto() {
  const record = useRecordContext();
  const [url, setUrl] = useState<string | null>(null);
  const version = record?.updated_at;
  useEffect(() => {
    if (!record?.id) return;
    let objectUrl: string | null = null;
    let alive = true;
    fetch(`${API_BASE}/students/${record.id}/get-image`, { headers: { Authorization: `Bearer ${getToken() ?? ''}` } })
      .then(async (response) => {
        if (!response.ok || !alive) return setUrl(null);
        objectUrl = URL.createObjectURL(await response.blob());
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
      <Avatar src={url} alt={`Foto de ${String(record?.name ?? 'aluno')}`} variant="rounded" sx={{ width: 120, height: 150 }} />
    </Box>
  );
}
