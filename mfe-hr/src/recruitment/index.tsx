import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { Link } from 'react-router';
import { Button, Space, Typography } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { candidate, candidateInterview, pagePath, recruitment, type ResourceDef } from '@portal/contracts';
import { ChildList, RequireAbility, ResourceList, resourcePages, useLang, type DetailTab, type Row } from '@portal/ui-kit';
import { CandidateStatusButton, RecruitmentStatusButton } from './StatusChange';
import { CandidatesOfRequest } from './CandidatesOfRequest';
import { BulkCreateButton } from './BulkCreate';
import { InterviewSeriesButton } from './InterviewSeries';
import { OldCandidates } from './OldCandidates';
import { useTexts, type TextKey } from './texts';

function Text({ k }: { k: TextKey }) {
  return <>{useTexts()(k)}</>;
}

function Title({ def, children }: { def: ResourceDef; children?: ReactNode }) {
  const { label } = useLang();
  return (
    <Space wrap>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {label(def.label)}
      </Typography.Title>
      {children}
    </Space>
  );
}

/** Requests: the generic list with "Change status" on each row. */
function RecruitmentList() {
  return (
    <ResourceList
      def={recruitment}
      basePath={pagePath(recruitment)}
      extraActions={(row) => <RecruitmentStatusButton row={row} size="small" />}
      fields={['status']}
    />
  );
}

/** Candidates: the generic list (filters, search, export, import) with bulk create, the interview series and old candidates. */
function CandidateList() {
  return (
    <ResourceList
      def={candidate}
      basePath={pagePath(candidate)}
      extraActions={(row) => <CandidateStatusButton row={row} size="small" />}
      fields={['status', 'expected_salary']}
      title={
        <Title def={candidate}>
          <BulkCreateButton />
          <InterviewSeriesButton />
          <Link to={`${pagePath(candidate)}/old`}>
            <Button icon={<HistoryOutlined />}>
              <Text k="oldCandidates" />
            </Button>
          </Link>
        </Title>
      }
    />
  );
}

const requestTabs: DetailTab[] = [{ key: 'candidates', label: <Text k="candidates" />, children: (row: Row) => <CandidatesOfRequest request={row} /> }];
const candidateTabs: DetailTab[] = [
  {
    key: 'interviews',
    label: <Text k="interviews" />,
    children: (row: Row) => <ChildList def={candidateInterview} parentId={row.id} addLabel={<Text k="scheduleInterview" />} />,
  },
];

/**
 * Recruitment pages (relative to /hr). The paths are the resources' own (/recruitment, /candidate): approval
 * notifications link to /hr/recruitment/<id> and /hr/candidate/<id>. A request's page has its candidates; a
 * candidate's page its interviews; both have the approval panel (kit) and "Change status".
 */
export const recruitmentPages: RouteObject[] = [
  ...resourcePages(recruitment, { list: <RecruitmentList />, tabs: requestTabs, actions: (row) => <RecruitmentStatusButton row={row} /> }),
  {
    path: 'candidate/old',
    element: (
      <RequireAbility I="view" a="recruitment">
        <OldCandidates />
      </RequireAbility>
    ),
  },
  ...resourcePages(candidate, { list: <CandidateList />, tabs: candidateTabs, actions: (row) => <CandidateStatusButton row={row} /> }),
];
