import { Box } from '@mui/material';
import { Title } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { useAllows } from '../admin/useAllows';
import { AdminAccessDenied } from '../components/AdminAccessDenied';
import { LessonsHome } from './LessonsHome';
import { RollCallPage } from './RollCallPage';

/** minhas-aulas/*: the teacher's lessons and the roll call of each (the diary's `grades.write`, as grade entry). */
export function LessonsPage() {
  const allows = useAllows();
  if (!allows('grades.write')) return <AdminAccessDenied />;
  return (
    <Box sx={{ mt: 2, pb: 2 }}>
      <Title title="Minhas aulas" />
      <Routes>
        <Route path=":lesson" element={<RollCallPage />} />
        <Route path="*" element={<LessonsHome />} />
      </Routes>
    </Box>
  );
}
