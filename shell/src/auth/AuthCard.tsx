import type { ReactNode } from 'react';
import { Card, Layout, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../layout/LanguageSwitch';

/** The frame of the signed-out pages. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Layout style={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
      <Space direction="vertical" align="center" size="large" style={{ width: '100%', maxWidth: 420 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('appName')}
        </Typography.Title>
        <Card style={{ width: '100%' }} title={title} extra={<LanguageSwitch />}>
          {children}
        </Card>
      </Space>
    </Layout>
  );
}
