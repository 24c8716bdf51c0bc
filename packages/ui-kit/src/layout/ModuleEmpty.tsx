import { Empty, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Label } from '@portal/contracts';
import { useLang } from '../i18n';

/** The page of a module whose screens are still to come: says so, in both languages. */
export function ModuleEmpty({ name }: { name: Label }) {
  const { t } = useTranslation('common');
  const { label } = useLang();
  return (
    <Card>
      <Empty
        description={
          <>
            <strong>{t('moduleEmpty')}</strong>
            <br />
            {t('moduleEmptyText', { name: label(name) })}
          </>
        }
      />
    </Card>
  );
}
