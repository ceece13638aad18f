import { isTeacher } from './landing';

const LESSONS = /^\/admin\/minhas-aulas(\/|$)/;
const GRADE_ENTRY = /^\/admin\/turmas\/[^/]+\/disciplinas(\/|$)/;

/**
 * The addresses drawn by the light app: Minhas aulas and its roll calls for everyone who opens them, and a
 * teacher's grade entry of their own classes. Every other address is the back office (AdminApp).
 */
export const isLightAddress = (path: string): boolean => LESSONS.test(path) || (isTeacher() && GRADE_ENTRY.test(path));
