/**
 * The project directory as the business domain will declare it (PROJECT_DIRECTORY; ARCHITECTURE §9 "Projects"), for
 * tests of project scope and POSITION_OF_PROJECT until the business service exists: a project register (projects and
 * their department) and project teams (staff × position in a project).
 */
import { defineResource, f, PROJECT_DIRECTORY } from '@portal/contracts';

export const projectRegister = defineResource({
  name: PROJECT_DIRECTORY.register,
  domain: PROJECT_DIRECTORY.domain,
  path: '/test-project',
  table: 'test_project',
  feature: 'project',
  label: { vi: 'Dự án', en: 'Project' },
  titleField: 'name',
  defaultOrder: 'created_date desc',
  projects: { kind: 'register', department: 'department_id' },
  fields: {
    name: f.text({ vi: 'Tên dự án', en: 'Project name' }, { required: true, list: true, search: true }),
    department_id: f.ref('organization', { vi: 'Phòng ban', en: 'Department' }, { filter: true }),
  },
});

export const projectTeam = defineResource({
  name: PROJECT_DIRECTORY.team,
  domain: PROJECT_DIRECTORY.domain,
  path: '/test-project-team',
  table: 'test_project_team',
  feature: 'project',
  label: { vi: 'Thành viên dự án', en: 'Project team member' },
  titleField: 'project_id',
  defaultOrder: 'created_date desc',
  projects: { kind: 'team', project: 'project_id', staff: 'staff_id', position: 'position_id' },
  fields: {
    project_id: f.ref(PROJECT_DIRECTORY.register, { vi: 'Dự án', en: 'Project' }, { required: true, filter: true }),
    staff_id: f.ref('staff', { vi: 'Nhân viên', en: 'Staff' }, { required: true, filter: true }),
    position_id: f.ref('position', { vi: 'Chức vụ', en: 'Position' }, { filter: true }),
  },
});
