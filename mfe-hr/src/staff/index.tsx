import type { RouteObject } from 'react-router';
import {
  education,
  experienceStaff,
  pagePath,
  familyRelationship,
  laborContract,
  recognition,
  salaryStaff,
  staff,
  staffLeaveDay,
  staffStatus,
  staffTransferHistory,
} from '@portal/contracts';
import { ChildList, resourcePages, useCan, type DetailTab } from '@portal/ui-kit';
import { useTranslation } from 'react-i18next';
import { StatusChangeButton } from './StatusChange';
import { LeaveBalanceCard } from '../leave/LeaveBalanceCard';

function TabLabel({ k }: { k: string }) {
  const { t } = useTranslation('hr');
  return <>{t(k)}</>;
}

function LeaveTab({ staffId }: { staffId: string }) {
  const canViewLeave = useCan('view', 'leave');
  return (
    <>
      {canViewLeave && <LeaveBalanceCard staffId={staffId} />}
      <ChildList def={staffLeaveDay} parentId={staffId} />
    </>
  );
}

/**
 * The staff detail tabs of spec §2: general information (tab 1, from the kit), salary table (contracts and salaries),
 * professional experience (experience, education and certificates — a certificate opens its own page for its files),
 * reward and discipline, family relationship, transfer history (status changes and moves), leave; then the kit's
 * documents (attachments) and change history.
 */
const tabs: DetailTab[] = [
  {
    key: 'salary',
    label: <TabLabel k="tabSalary" />,
    children: (row) => (
      <>
        <ChildList def={laborContract} parentId={row.id} />
        <ChildList def={salaryStaff} parentId={row.id} />
      </>
    ),
  },
  {
    key: 'experience',
    label: <TabLabel k="tabExperience" />,
    children: (row) => (
      <>
        <ChildList def={experienceStaff} parentId={row.id} />
        <ChildList def={education} parentId={row.id} basePath={pagePath(education)} />
      </>
    ),
  },
  { key: 'recognition', label: <TabLabel k="tabRecognition" />, children: (row) => <ChildList def={recognition} parentId={row.id} /> },
  { key: 'family', label: <TabLabel k="tabFamily" />, children: (row) => <ChildList def={familyRelationship} parentId={row.id} /> },
  {
    key: 'transfer',
    label: <TabLabel k="tabTransfer" />,
    children: (row) => (
      <>
        <ChildList def={staffStatus} parentId={row.id} readOnlyRows addLabel={<TabLabel k="changeStatus" />} />
        <ChildList def={staffTransferHistory} parentId={row.id} />
      </>
    ),
  },
  { key: 'leave', label: <TabLabel k="tabLeave" />, children: (row) => <LeaveTab staffId={row.id} /> },
];

/** Staff pages: list, form, the detail page with its tabs and the status change; a certificate's own page (its files). */
export const staffPages: RouteObject[] = [
  ...resourcePages(staff, { tabs, actions: (row) => <StatusChangeButton staffId={row.id} /> }),
  ...resourcePages(education),
];
