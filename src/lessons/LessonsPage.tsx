import { Box } from '@mui/material';
import { ScreenTitle } from '../admin/ScreenTitle';
import { Route, Routes } from 'react-router-dom';
import { useAllows } from '../admin/useAllows';
import { lazyNamed } from '../components/lazyNamed';
import { LessonsHome } from './LessonsHome';
import { RollCallPage } from './RollCallPage';

// Only for a role without grades.write: not downloaded with the teacher's screen (it brings react-admin's Title).
const AdminAccessDenied = lazyNamed(() => import('../components/AdminAccessDenied'), 'AdminAccessDenied');

/** minhas-aulas/*: the teacher's lessons and the roll call of each (the diary's `grades.write`, as grade entry). */
export function LessonsPage() {
  const allows = useAllows();
  if (!allows('grades.write')) return <AdminAccessDenied />;
  return (
    <Box sx={{ mt: 2, pb: 2 }}>
      <ScreenTitle title="Minhas aulas" />
      <Routes>
        <Route path=":lesson" element={<RollCallPage />} />
        <Route path="*" element={<LessonsHome />} />
      </Routes>
    </Box>
  );
}
