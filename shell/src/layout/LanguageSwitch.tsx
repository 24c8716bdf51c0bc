import { Segmented } from '../app/antd';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '@portal/ui-kit/src/frame';

/** vi / en; kept in browser storage under `language`. */
export function LanguageSwitch() {
  const { i18n } = useTranslation();
  return (
    <Segmented
      size="small"
      value={i18n.language === 'en' ? 'en' : 'vi'}
      onChange={(v) => setLanguage(i18n, v as 'vi' | 'en')}
      options={[
        { value: 'vi', label: 'VI' },
        { value: 'en', label: 'EN' },
      ]}
      data-testid="language-switch"
    />
  );
}
