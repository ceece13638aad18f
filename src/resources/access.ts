import { storedPermissions, USER_KEY } from '../../authProvider';
import { canAccessResource } from '../../authProvider/access';
import type { FieldConfig, ResourceConfig } from '../../resources';
import { PERSONAL_DATA } from '../../resources/permissions';

/** A session is kept (signed in): what it may do is its role's. Without one there is nothing to go by. */
const signedIn = () => localStorage.getItem(USER_KEY) !== null;

/**
 * Whether the signed-in user's role may `action` (create, edit, delete) a resource's records: the buttons and
 * links to a screen the server would refuse are left out. With no session kept, everything is offered.
 */
export function mayDo(config: ResourceConfig, action: 'list' | 'create' | 'edit' | 'delete'): boolean {
  return !signedIn() || canAccessResource(storedPermissions(), config.adminPath, action);
}

/**
 * Whether the signed-in user's role may see personal data (`students.personal`). Without it the server leaves
 * the fields marked `personal` out of its answers, and the screens leave out their inputs, values and columns
 * rather than show them empty. With no session kept (nothing to go by), nothing is hidden: the server decides.
 */
export function seesPersonal(): boolean {
  return !signedIn() || storedPermissions().includes(PERSONAL_DATA);
}

/** Whether a field is shown to the signed-in user (see {@link seesPersonal}). */
export const isShown = (field: FieldConfig, personal = seesPersonal()) => !field.personal || personal;

/** Whether the screens offer create, edit and delete: a generated form, or screens of its own (`ui.editor`). */
export const editableOnScreen = (config: ResourceConfig): boolean => !config.readOnly || Boolean(config.ui?.editor);
