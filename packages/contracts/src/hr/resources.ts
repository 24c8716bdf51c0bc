import { organization } from './organization';
import { group } from './group';
import { position } from './position';
import { staff } from './staff';
import { contact } from './contact';
import { education, experienceStaff, familyRelationship, laborContract, recognition, salaryStaff, staffStatus, staffTransferHistory } from './staff-records';
import { annualLeaveIncrease, holiday, leaveType, staffLeave, staffLeaveDay } from './leave';
import { candidate, candidateInterview, recruitment } from './recruitment';

export { organization, group, position, staff, contact, leaveType, staffLeave, holiday, annualLeaveIncrease, staffLeaveDay };
export { laborContract, salaryStaff, education, recognition, familyRelationship, experienceStaff, staffTransferHistory, staffStatus };
export { recruitment, candidate, candidateInterview };
export * from './recruitment';
/** HR's resources (spec §1): organization, staff and their records, leave, recruitment. */
export const hrResources = [
  organization,
  group,
  position,
  staff,
  contact,
  laborContract,
  salaryStaff,
  education,
  recognition,
  familyRelationship,
  experienceStaff,
  staffStatus,
  staffTransferHistory,
  leaveType,
  staffLeave,
  holiday,
  annualLeaveIncrease,
  staffLeaveDay,
  recruitment,
  candidate,
  candidateInterview,
];
