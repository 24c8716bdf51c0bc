import { Col, Empty } from '../app/antd';
import { Bar, Panel, Text } from '../app/light';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { implementationProject, pagePath } from '@portal/contracts/src/frame';
import { IMPLEMENTATION_REPORT_PATHS, type ImplementationSummaryReport } from '@portal/contracts/src/implementation/report';
import { api, formatMoneyShort, useCan, useLang } from '@portal/ui-kit/src/frame';
import { ItemList } from './ItemList';

/** The projects a card shows: those with the most left to pay first. */
const SHOWN = 5;

/**
 * "My projects" on the dashboard (issue 35 §8): the caller's running projects — those of their project scope, as the
 * cost summary reads them in one snapshot — each with its progress, contract value, what is committed to subcontractors
 * and what was paid, in thousand / million / billion đồng (spec §9), opening the project's page. Shown to users who
 * read the projects' money (the `payment` right); the rest of the list is the cost summary.
 */
export function MyProjectsCard() {
  const { t } = useTranslation('shell');
  // The money units are the kit's (ui-kit i18n common: what every report's figures read).
  const { t: common } = useTranslation();
  const { lang } = useLang();
  const canMoney = useCan('view', 'payment');
  const summary = useQuery({
    queryKey: [IMPLEMENTATION_REPORT_PATHS.summary, 'dashboard'],
    enabled: canMoney,
    queryFn: () => api<ImplementationSummaryReport>('GET', IMPLEMENTATION_REPORT_PATHS.summary),
  });
  if (!canMoney) return null;
  const units = { thousand: common('thousand'), million: common('million'), billion: common('billion'), currency: common('currency') };
  const money = (v: number | string | null) => formatMoneyShort(v ?? 0, units, lang);
  const projects = (summary.data?.by_project ?? []).filter((p) => p.status !== 'COMPLETED').slice(0, SHOWN);
  return (
    <Col xs={24} lg={12}>
      <Panel title={t('myProjects')} data-testid="my-projects" extra={<Link to="/implementation/cost-summary">{t('costSummary')}</Link>}>
        <ItemList
          loading={summary.isLoading}
          items={projects}
          empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noProjects')} style={{ margin: 8 }} />}
          itemKey={(p) => p.id}
          render={(p) => (
            <div style={{ width: '100%' }}>
              <Link to={`${pagePath(implementationProject)}/${p.id}`}>
                {p.code} · {p.name}
              </Link>
              <Bar percent={p.progress} label={`${p.progress}%`} name={t('progress')} />
              <Text type="secondary">
                {t('contractValue')} {money(p.contract_value)} · {t('committed')} {money(p.committed)} · {t('paid')} {money(p.paid)}
              </Text>
            </div>
          )}
        />
      </Panel>
    </Col>
  );
}
