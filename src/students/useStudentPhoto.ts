import { useEffect, useState } from 'react';
import { apiBlob } from '../api/files';

/**
 * The student's stored photo as an object URL (fetched with the token; revoked when done), or null: none, not
 * asked (`enabled` false) or any failure. `version` fetches it again when the record changes.
 */
export function useStudentPhoto(studentId: number | undefined, enabled = true, version?: unknown): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!studentId || !enabled) return;
    let objectUrl: string | null = null;
    let alive = true;
    apiBlob(`/students/${studentId}/get-image`)
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
  }, [studentId, enabled, version]);
  return url;
}
