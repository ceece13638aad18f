import { Avatar } from '@mui/material';
import { useEffect, useState } from 'react';
import { portalBlob } from './api';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .filter((_, i, all) => i === 0 || i === all.length - 1)
    .map((w) => w[0]?.toLocaleUpperCase('pt-BR'))
    .join('');

/** The student's photo, fetched with the portal's token (an <img src> would carry none); initials without one. */
export function StudentAvatar({ name, photoUrl, size = 64 }: { name: string; photoUrl: string | null; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!photoUrl) return;
    let url: string | null = null;
    let current = true;
    portalBlob(photoUrl).then(
      (blob) => {
        if (!current) return;
        url = URL.createObjectURL(blob);
        setSrc(url);
      },
      () => undefined, // no photo: the initials stay
    );
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [photoUrl]);
  return (
    <Avatar src={src ?? undefined} alt={`Foto de ${name}`} sx={{ width: size, height: size, bgcolor: 'primary.main' }}>
      {initialsOf(name)}
    </Avatar>
  );
}
