import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import { Navigate } from 'react-router';
import { pagePath, staff } from '@portal/contracts/src/frame';
import { useAbility, useSession } from '@portal/ui-kit/src/frame';

const MyStaffRecord = lazy(() => import('./MyStaffRecord'));

/**
 * `/me`, the sidebar's "My information": the signed-in user's own staff profile — their staff page, with its tabs, when
 * they may read staff records, else their own record read-only (`GET /staff/me`, which every employee may read); an
 * account without a staff record (the administrator) gets its account settings.
 */
export function MyInformation() {
  const staffId = useSession((s) => s.user?.staff_id ?? s.staff?.id ?? null);
  const ability = useAbility();
  if (!staffId) return <Navigate to="/system/settings" replace />;
  if (ability.can('view', staff.feature)) return <Navigate to={`${pagePath(staff)}/${staffId}`} replace />;
  return (
    <Suspense fallback={<Skeleton active />}>
      <MyStaffRecord />
    </Suspense>
  );
}
