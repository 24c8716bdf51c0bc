import { Badge, Flex, Tag, theme } from '../app/antd';
import { Paragraph, Text } from '../app/light';
import { useTranslation } from 'react-i18next';
import type { NotificationDto } from '@portal/contracts/src/frame';
import { formatDateTime, formatRelative, useLang } from '@portal/ui-kit/src/frame';

const TYPE_COLORS: Record<NotificationDto['type'], string> = { APPROVE_REQUEST: 'gold', APPROVED: 'green', CANCELLED: 'default', REFUSED: 'red', INFO: 'blue' };

/**
 * One notification: its title and body in the user's language, its type, how long ago (the exact time on
 * hover), unread ones marked with a dot and in bold. The whole row is a button.
 */
export function NotificationItem({ n, onOpen, compact }: { n: NotificationDto; onOpen: (n: NotificationDto) => void; compact?: boolean }) {
  const { t } = useTranslation('notify');
  const { lang } = useLang();
  const { token } = theme.useToken();
  const unread = !n.read_at;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a card of block content (title, body, time) acting as one control.
    <div
      role="button"
      tabIndex={0}
      data-testid="notification-item"
      data-unread={unread ? 'true' : 'false'}
      onClick={() => onOpen(n)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onOpen(n);
        }
      }}
      style={{
        cursor: 'pointer',
        padding: compact ? '8px 12px' : '12px 16px',
        borderBottom: `1px solid ${token.colorSplit}`,
        background: unread ? token.colorPrimaryBg : undefined,
      }}
    >
      <Flex gap={8} align="start">
        <Badge status={unread ? 'processing' : 'default'} style={{ visibility: unread ? 'visible' : 'hidden' }} aria-label={unread ? t('unread') : undefined} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text strong={unread} ellipsis={compact}>
            {n.title[lang]}
          </Text>
          {/* A folded notification's body is one line per change (services/notifications/src/store.ts). */}
          <Paragraph type="secondary" rows={compact ? 2 : undefined} style={{ whiteSpace: 'pre-line' }}>
            {n.body[lang]}
          </Paragraph>
          <Flex gap={8} align="center" wrap>
            <Tag color={TYPE_COLORS[n.type]} style={{ marginInlineEnd: 0 }}>
              {t(`type_${n.type}`)}
            </Tag>
            <Text type="secondary" style={{ fontSize: 12 }} title={formatDateTime(n.created_date)}>
              {formatRelative(n.created_date, lang)}
            </Text>
          </Flex>
        </div>
      </Flex>
    </div>
  );
}
