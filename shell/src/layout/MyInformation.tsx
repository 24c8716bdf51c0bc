import { Navigate } from 'react-router';
import { contact, pagePath, staff } from '@portal/contracts/src/frame';
import { useAbility, useSession } from '@portal/ui-kit/src/frame';

/**
 * `/me`, the sidebar's "My information": the signed-in user's own staff profile — their staff page when they may read
 * staff records, else their card in the company directory (what of the profile every employee may read); an account
 * without a staff record (the administrator) gets its account settings.
 */
export function MyInformation() {
  const staffId = useSession((s) => s.user?.staff_id ?? s.staff?.id ?? null);
  const ability = useAbility();
  const to = !staffId
    ? '/system/settings'
    : ability.can('view', staff.feature)
      ? `${pagePath(staff)}/${staffId}`
      : ability.can('view', contact.feature)
        ? `${pagePath(contact)}/${staffId}`
        : '/system/settings';
  return <Navigate to={to} replace />;
}
