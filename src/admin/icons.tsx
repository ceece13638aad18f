import AssessmentIcon from '@mui/icons-material/Assessment';
import AttachMoneyIcon from '@mui/icons-material/AttachMoney';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DescriptionIcon from '@mui/icons-material/Description';
import EventNoteIcon from '@mui/icons-material/EventNote';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import FolderIcon from '@mui/icons-material/Folder';
import GroupsIcon from '@mui/icons-material/Groups';
import HomeIcon from '@mui/icons-material/Home';
import LogoutIcon from '@mui/icons-material/Logout';
import MailIcon from '@mui/icons-material/Mail';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import PlaceIcon from '@mui/icons-material/Place';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SchoolIcon from '@mui/icons-material/School';
import SettingsIcon from '@mui/icons-material/Settings';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { SvgIconComponent } from '@mui/icons-material';

/** Menu icons are names delivered by the server; unknown names fall back to a folder. */
export const MENU_ICONS: Record<string, SvgIconComponent> = {
  assessment: AssessmentIcon,
  money: AttachMoneyIcon,
  dashboard: DashboardIcon,
  description: DescriptionIcon,
  event: EventNoteIcon,
  groups: GroupsIcon,
  home: HomeIcon,
  how_to_reg: HowToRegIcon,
  logout: LogoutIcon,
  mail: MailIcon,
  book: MenuBookIcon,
  people: PeopleIcon,
  person: PersonIcon,
  place: PlaceIcon,
  schedule: ScheduleIcon,
  school: SchoolIcon,
  settings: SettingsIcon,
  upload: UploadFileIcon,
};

export function menuIcon(name: string): SvgIconComponent {
  return MENU_ICONS[name] ?? FolderIcon;
}
