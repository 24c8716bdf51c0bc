import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** "Leave calendar": the title of the requests' calendar page (the kit would say "Calendar: Leave request"). */
export function LeaveCalendarTitle() {
  const { t } = useTranslation('hr');
  return <Typography.Title level={4} style={{ margin: 0 }}>{t('calendarTitle')}</Typography.Title>;
}
