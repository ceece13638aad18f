import { Avatar } from '@mui/material';
import { useStudentPhoto } from '../students/useStudentPhoto';

export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0])
    .filter((_, i, all) => i === 0 || i === all.length - 1)
    .join('')
    .toLocaleUpperCase('pt-BR');

/**
 * The student's photo (fetched with the token, as on the student's record) or their initials. Only a student
 * with a photo is asked for one: a roll call of 45 makes no 45 requests for nothing.
 */
export function StudentAvatar({ student }: { student: { id: number; name: string; has_photo: boolean } }) {
  const url = useStudentPhoto(student.id, student.has_photo);
  return (
    <Avatar src={url ?? undefined} alt="" aria-hidden sx={{ width: 44, height: 44, bgcolor: 'grey.700', fontSize: 16 }}>
      {initials(student.name)}
    </Avatar>
  );
}
