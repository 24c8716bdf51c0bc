import { implementationProject } from '@portal/contracts';
import { badRequest, hooksFor, type HooksOf } from '@portal/service-kit';

/**
 * Implementation projects (contracts implementation/project.ts): one stays the register project's it was made for —
 * its team, scope and approvers are that project's, so moving it to another would hand its money to another team.
 */
export function projectHooks(): HooksOf<typeof implementationProject> {
  return hooksFor(implementationProject, {
    beforeUpdate(input, existing) {
      if (input.project_id !== undefined && String(input.project_id).toLowerCase() !== String(existing.project_id).toLowerCase())
        throw badRequest([{ path: 'project_id', key: 'implementation_project_fixed' }]);
    },
  });
}
