import { useNavigate } from 'react-router';
import type { NotificationDto } from '@portal/contracts/src/frame';
import { useMarkRead } from '@portal/ui-kit/src/frame';

/** Opening a notification marks it read (GET read/:id) and goes to its link, if it has one. */
export function useOpenNotification(after?: () => void) {
  const navigate = useNavigate();
  const markRead = useMarkRead();
  return (n: NotificationDto) => {
    if (!n.read_at) markRead.mutate(n.id);
    after?.();
    if (n.link) navigate(n.link);
  };
}
