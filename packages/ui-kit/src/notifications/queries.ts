import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ListResult, NotificationCreatedEvent, NotificationDto, NotificationPreference, NotificationType } from '@portal/contracts/src/frame';
import { api } from '../api/client';

/** Every notification query starts with this key, so one invalidation reloads them all. */
export const NOTIFICATIONS_KEY = '/notifications';
/** The bell's list: the newest few, with the unread count. */
export const LATEST_LIMIT = 8;

export type NotificationPage = ListResult<NotificationDto> & { unread_count: number };
export type ApprovalGroups = Record<'APPROVED' | 'APPROVE_REQUEST' | 'CANCELLED', { items: NotificationDto[]; total: number }>;

const latestKey = [NOTIFICATIONS_KEY, 'latest'] as const;

/** The newest notifications and the unread count (the bell). */
export function useLatestNotifications() {
  return useQuery({
    queryKey: latestKey,
    queryFn: ({ signal }) => api<NotificationPage>('GET', NOTIFICATIONS_KEY, { query: { limit: LATEST_LIMIT }, signal }),
  });
}

/** One page of my notifications, optionally of some types. */
export function useNotificationPage(query: { page: number; limit: number; types: NotificationType[] }) {
  return useQuery({
    queryKey: [NOTIFICATIONS_KEY, 'page', query],
    queryFn: ({ signal }) =>
      api<NotificationPage>('GET', NOTIFICATIONS_KEY, { query: { page: query.page, limit: query.limit, f_type: query.types.join(',') }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** My approval notifications in their three groups, each with its total. */
export function useApprovalGroups() {
  return useQuery({
    queryKey: [NOTIFICATIONS_KEY, 'approvals'],
    queryFn: ({ signal }) => api<ApprovalGroups>('GET', `${NOTIFICATIONS_KEY}/approvals`, { signal }),
  });
}

const setUnread = (qc: QueryClient, unread: number, change?: (items: NotificationDto[]) => NotificationDto[]) =>
  qc.setQueryData<NotificationPage>(latestKey, (old) => old && { ...old, unread_count: unread, items: change ? change(old.items) : old.items });

/** A notification pushed live: the bell's count and list change at once, every notification query reloads. */
export function applyLiveNotification(qc: QueryClient, e: Pick<NotificationCreatedEvent, 'notification' | 'unread_count'>) {
  qc.setQueryData<NotificationPage>(
    latestKey,
    (old) =>
      old && {
        ...old,
        unread_count: e.unread_count,
        totalRows: old.totalRows + (old.items.some((n) => n.id === e.notification.id) ? 0 : 1),
        items: [e.notification, ...old.items.filter((n) => n.id !== e.notification.id)].slice(0, old.limit),
      },
  );
  void qc.invalidateQueries({ queryKey: [NOTIFICATIONS_KEY] });
}

/** GET read/:id: the count drops by one. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ item: NotificationDto; unread_count: number }>('GET', `${NOTIFICATIONS_KEY}/read/${id}`),
    onSuccess: ({ item, unread_count }) => {
      setUnread(qc, unread_count, (items) => items.map((n) => (n.id === item.id ? item : n)));
      void qc.invalidateQueries({ queryKey: [NOTIFICATIONS_KEY] });
    },
  });
}

/** GET read-all: the count drops to zero. */
export function useReadAll() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ updated: number; unread_count: number }>('GET', `${NOTIFICATIONS_KEY}/read-all`),
    onSuccess: ({ unread_count }) => {
      const now = new Date().toISOString();
      setUnread(qc, unread_count, (items) => items.map((n) => (n.read_at ? n : { ...n, read_at: now })));
      void qc.invalidateQueries({ queryKey: [NOTIFICATIONS_KEY] });
    },
  });
}

const prefsKey = [NOTIFICATIONS_KEY, 'preferences'];

/** My delivery choice (in the app, by email) per notification type. */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: prefsKey,
    queryFn: ({ signal }) => api<{ items: NotificationPreference[] }>('GET', `${NOTIFICATIONS_KEY}/preferences`, { signal }),
  });
}

export function useSaveNotificationPreference() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: Partial<NotificationPreference> & { type: NotificationType }) =>
      api<{ items: NotificationPreference[] }>('PUT', `${NOTIFICATIONS_KEY}/preferences`, { body: { preferences: [p] } }),
    onSuccess: (data) => qc.setQueryData(prefsKey, data),
  });
}
