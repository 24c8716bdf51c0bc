import { implementationProject } from './project';
import { categoryChecklist, construction, implementationCategory } from './category';

export * from './project';
export * from './category';

/**
 * Project implementation (spec §1 "Project implementation"): the projects carried out (each one of the register's,
 * arriving when won), their constructions, work packages and the packages' checklists.
 */
export const implementationResources = [implementationProject, construction, implementationCategory, categoryChecklist];
