import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { NotificationCreatedEvent } from '@portal/contracts/src/frame';
import { openEventStream } from '../api/eventStream';
import { useSession } from '../api/session';
import { applyLiveNotification, NOTIFICATIONS_KEY } from './queries';

/** The gateway's live push (gateway/src/live.ts). */
export const NOTIFICATION_STREAM_PATH = '/notifications/stream';

/** Settled pushes closer together than this make one reload. */
const SETTLED_QUIET_MS = 150;

export type LiveNotification = Pick<NotificationCreatedEvent, 'notification' | 'unread_count'>;

/**
 * While signed in, keeps the notification stream open: each pushed notification updates the bell's data at
 * once and reloads every notification query, as does each request answered (`settled`); a reconnection reloads them too (something may have arrived
 * while the stream was down). `onNotification` sees each one (a toast, for instance).
 */
export function useNotificationStream(onNotification?: (e: LiveNotification) => void) {
  const qc = useQueryClient();
  const signedIn = useSession((s) => Boolean(s.accessToken));
  const callback = useRef(onNotification);
  callback.current = onNotification;
  useEffect(() => {
    if (!signedIn) return undefined;
    let opened = 0;
    let settling: ReturnType<typeof setTimeout> | undefined;
    const close = openEventStream(NOTIFICATION_STREAM_PATH, {
      onOpen: () => {
        if (opened++) void qc.invalidateQueries({ queryKey: [NOTIFICATIONS_KEY] });
      },
      onEvent: (e) => {
        // Approval requests answered (perhaps on another page): "Waiting for me" and the counts reload — once for a
        // burst (a bulk approval settles each of its requests).
        if (e.event === 'settled') {
          clearTimeout(settling);
          settling = setTimeout(() => void qc.invalidateQueries({ queryKey: [NOTIFICATIONS_KEY] }), SETTLED_QUIET_MS);
          return;
        }
        if (e.event !== 'notification') return;
        let data: LiveNotification;
        try {
          data = JSON.parse(e.data) as LiveNotification;
        } catch {
          return;
        }
        applyLiveNotification(qc, data);
        callback.current?.(data);
      },
    });
    return () => {
      clearTimeout(settling);
      close();
    };
  }, [signedIn, qc]);
}
