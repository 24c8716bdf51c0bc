import { Card, Empty, Skeleton, Tag, Tree } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ORG_TYPE_LABELS } from '@portal/contracts';
import { api, useLang } from '@portal/ui-kit';

interface TreeNode {
  key: string;
  title: React.ReactNode;
  children: TreeNode[];
}
interface Node {
  id: string;
  code: string;
  name: string;
  type: 'UNIT' | 'DEPARTMENT';
  children: Node[];
}

/** The organization chart: units and departments as a tree. */
export function OrgChart() {
  const { t } = useTranslation('hr');
  const { label } = useLang();
  const tree = useQuery({ queryKey: ['/organization', 'tree'], queryFn: () => api<Node[]>('GET', '/organization/tree') });
  const toData = (nodes: Node[]): TreeNode[] =>
    nodes.map((n) => ({
      key: n.id,
      title: (
        <span>
          {n.name} <Tag>{label(ORG_TYPE_LABELS[n.type])}</Tag>
          <span className="portal-muted">{n.code}</span>
        </span>
      ),
      children: toData(n.children),
    }));
  return (
    <Card title={t('orgChart')}>
      {tree.isLoading ? <Skeleton active /> : tree.data?.length ? <Tree defaultExpandAll showLine treeData={toData(tree.data)} /> : <Empty />}
    </Card>
  );
}
