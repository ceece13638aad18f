import EditNoteIcon from '@mui/icons-material/EditNote';
import { Button, IconButton, Tooltip } from '@mui/material';
import type { ComponentType, ReactNode } from 'react';
import { useRecordContext, type RaRecord } from 'react-admin';
import type {
  CreateSectionName,
  EditPanelName,
  FormHeaderName,
  RecordTabsName,
  RowActionName,
} from '../../resources/types';
import { Link } from 'react-router-dom';
import { GridTemplatesPanel } from '../grids/GridTemplatesPanel';
import { StatusPanel } from '../students/StatusPanel';
import { STUDENT_TABS, StudentTabsExtra } from '../students/StudentTabs';
import { StudentPhoto } from '../students/StudentPhoto';
import { TEAM_TABS } from '../teams/TeamTabs';
import { SCHOOL_YEAR_TABS } from '../school-year/SchoolYearTabs';
import { TeamWorkloadPanel } from '../school-year/WorkloadLine';
import { TwoStepResetPanel } from '../account/TwoStepResetPanel';
import { useGuardianOnCreate } from '../students/GuardianOnCreate';
import { GuardianPortalPanel, StudentPortalPanel } from '../students/PortalAccess';
import { useAllows } from '../admin/useAllows';
import { NextYearPanel } from '../school-year/NextYearPanel';
import { CampaignPanel } from '../enrolment/CampaignPanel';
import { AdmissionDecision } from '../enrolment/AdmissionDecision';

/** 'Lançar notas' for whoever enters grades; 'Ver notas' for a role that only reads them (the sheet is read-only). */
const useGradesLabel = () => (useAllows()('grades.write') ? 'Lançar notas' : 'Ver notas');

/** Per-row links a config may name in `ui.rowActions`. */
export const rowActions: Record<RowActionName, ComponentType> = {
  launchGrades: function LaunchGradesLink() {
    const record = useRecordContext();
    const label = useGradesLabel();
    if (!record) return null;
    return (
      <Tooltip title={label}>
        <IconButton
          component={Link}
          to={`/admin/turmas/${record.id}/disciplinas`}
          aria-label={label}
          color="primary"
          size="small"
        >
          <EditNoteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    );
  },
};

/** Components above the edit form's fields a config may name in `ui.formHeader`. */
export const formHeaders: Record<FormHeaderName, ComponentType> = {
  studentPhoto: StudentPhoto,
};

/** Panels under the edit form a config may name in `ui.editPanels`. */
export const editPanels: Record<EditPanelName, ComponentType> = {
  launchGrades: function LaunchGradesButton() {
    const record = useRecordContext();
    const label = useGradesLabel();
    if (!record) return null;
    return (
      <Button
        component={Link}
        to={`/admin/turmas/${record.id}/disciplinas`}
        variant="outlined"
        startIcon={<EditNoteIcon />}
        sx={{ mt: 2 }}
      >
        {label}
      </Button>
    );
  },
  studentStatus: StatusPanel,
  teamWorkload: TeamWorkloadPanel,
  twoStepReset: TwoStepResetPanel,
  guardianPortal: GuardianPortalPanel,
  studentPortal: StudentPortalPanel,
  nextYear: NextYearPanel,
  campaignPanel: CampaignPanel,
  admissionDecision: AdmissionDecision,
  gridTemplates: function GridTemplatesOfRecord() {
    const record = useRecordContext();
    if (!record) return null;
    return <GridTemplatesPanel gridId={Number(record.id)} courseId={Number(record.course_id)} />;
  },
};

/** One tab of a record: its label, and whether it needs the whole width (a wide table). */
export interface RecordTab {
  label: string;
  wide?: boolean;
  /** The permission the tab's content needs (resources/permissions.ts): without it the tab is not shown. */
  access?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each tab reads the fields of its own record
  Panel: ComponentType<{ record: any }>;
}

/** Tabs of a record a config may name in `ui.recordTabs`, with what sits beside them. */
export const recordTabs: Record<RecordTabsName, { tabs: RecordTab[]; Extra?: ComponentType }> = {
  studentTabs: { tabs: STUDENT_TABS, Extra: StudentTabsExtra },
  teamTabs: { tabs: TEAM_TABS },
  schoolYearTabs: { tabs: SCHOOL_YEAR_TABS },
};

/**
 * A section at the end of a create form (`ui.createSection`): its fields, `check` before the record is saved
 * (false: nothing is sent), `afterSave` once it exists (false: the section shows why, the form stays) and `clear`.
 */
export interface CreateSection {
  element: ReactNode;
  check: () => boolean;
  afterSave: (record: RaRecord) => Promise<boolean>;
  /** LIMPAR: back to empty. */
  clear: () => void;
}

/** The hook of each create section a config may name (called once per form, always the same one). */
export const createSections: Record<CreateSectionName, () => CreateSection> = {
  studentGuardian: useGuardianOnCreate,
};
