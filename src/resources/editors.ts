import type { ComponentType } from 'react';
import type { EditorName } from '../../resources/types';
import { CampaignCreate, CampaignEdit } from '../enrolment/CampaignEditor';
import { RoleCreate, RoleEdit } from '../roles/RoleEditor';

/**
 * Screens of their own a config may name in `ui.editor`, in place of the generated create and edit forms.
 * Kept apart from extras.ts: an editor reuses the generated form's pieces (ResourceForm), which read extras.
 */
export const editors: Record<EditorName, { Create: ComponentType; Edit: ComponentType }> = {
  roleEditor: { Create: RoleCreate, Edit: RoleEdit },
  campaignEditor: { Create: CampaignCreate, Edit: CampaignEdit },
};
