import { categoryChecklist, construction, implementationCategory, implementationProject, menuOf } from '@portal/contracts';

/**
 * The Project implementation screens in sidebar order: the projects carried out, their work packages and constructions.
 * A project's constructions and work packages, and a package's checklist, are also tabs of their pages.
 */
const work = [implementationProject, implementationCategory, construction] as const;

export const screens = [...work, categoryChecklist] as const;

export const menu = menuOf(work, []);
