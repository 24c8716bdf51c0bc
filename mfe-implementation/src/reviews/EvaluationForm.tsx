import { useEffect, useState } from 'react';
import { Alert, App, Button, Empty, Flex, Input, InputNumber, Popconfirm, Table, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { quotationEvaluationPath, REVIEW_DEFS, reviewItem, reviewPoint } from '@portal/contracts';
import { api, ApiError, Loading, useCan, useList, useSession, type Row } from '@portal/ui-kit';
import { useReviewTexts } from './texts';

type Item = Row & { name: string; point: number; group_id: string; group_id__title?: string | null };
type Point = Row & { item_id: string; point: number; comment: string | null; evaluator_id: string };
const LIST_ALL = { limit: 200, page: 1 } as const;

/**
 * The caller's own scoring of a subcontractor's quotation (spec §7 "the subcontractor quotation evaluation: POST, PUT,
 * DELETE on the quotation id"): every review item with its most points, the caller's points and comment beside; saved
 * all at once (the first time, then again in place of the earlier), or withdrawn. While the review is open; the
 * quotation's average of every evaluator's totals is on its page.
 */
export function EvaluationForm({ quotation }: { quotation: Row }) {
  const t = useReviewTexts();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const me = useSession((s) => s.user?.id);
  const canEdit = useCan('edit', 'subcontractor');
  const items = useList<Item>(reviewItem.path, LIST_ALL);
  const mine = useList<Point>(reviewPoint.path, { ...LIST_ALL, f_quotation_id: quotation.id, f_evaluator_id: me ?? '' }, Boolean(me));
  const [points, setPoints] = useState<Record<string, number | null>>({});
  const [comments, setComments] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const scored = (mine.data?.items ?? []).length > 0;
  useEffect(() => {
    const rows = mine.data?.items ?? [];
    setPoints(Object.fromEntries(rows.map((p) => [p.item_id, Number(p.point)])));
    setComments(Object.fromEntries(rows.filter((p) => p.comment).map((p) => [p.item_id, p.comment!])));
  }, [mine.data]);
  if (items.isLoading || mine.isLoading) return <Loading />;
  const list = items.data?.items ?? [];
  if (!list.length) return <Empty description={t('noCriteria')} />;
  const total = list.reduce((s, it) => s + (points[it.id] ?? 0), 0);
  const most = list.reduce((s, it) => s + Number(it.point), 0);
  const path = quotationEvaluationPath.replace(':id', quotation.id);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: [reviewPoint.path] });
    void qc.invalidateQueries({ queryKey: [REVIEW_DEFS.subcontractor.quotation.path] });
  };

  const save = async () => {
    setBusy(true);
    setErrors({});
    const body = {
      points: list
        .filter((it) => points[it.id] !== null && points[it.id] !== undefined)
        .map((it) => ({ item_id: it.id, point: points[it.id], comment: comments[it.id] || null })),
    };
    try {
      await api(scored ? 'PUT' : 'POST', path, { body });
      void message.success(t('scoreSaved'));
      refresh();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const byItem: Record<string, string> = {};
      for (const x of e.errors) {
        const i = Number(x.path?.split('.')[1]);
        const it = Number.isInteger(i) ? body.points[i] : undefined;
        if (it) byItem[it.item_id] = x.message;
      }
      setErrors(byItem);
      void message.error(e.message);
    } finally {
      setBusy(false);
    }
  };
  const withdraw = async () => {
    try {
      await api('DELETE', path);
      void message.success(t('scoreWithdrawn'));
      refresh();
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{t('scoreHint')}</Typography.Text>
      <Table<Item>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={list}
        data-testid="evaluation"
        columns={[
          { key: 'group', title: t('group'), render: (_, it) => it.group_id__title ?? '' },
          { key: 'item', title: t('criterion'), dataIndex: 'name' },
          { key: 'most', title: t('most'), render: (_, it) => Number(it.point) },
          {
            key: 'point',
            title: t('yourPoint'),
            render: (_, it) => (
              <Flex vertical>
                <InputNumber
                  min={0}
                  max={Number(it.point)}
                  step={0.5}
                  value={points[it.id] ?? null}
                  disabled={!canEdit}
                  status={errors[it.id] ? 'error' : undefined}
                  onChange={(v) => setPoints({ ...points, [it.id]: v === null ? null : Number(v) })}
                  aria-label={`${t('yourPoint')}: ${it.name}`}
                />
                {errors[it.id] && <Typography.Text type="danger">{errors[it.id]}</Typography.Text>}
              </Flex>
            ),
          },
          {
            key: 'comment',
            title: t('comment'),
            render: (_, it) => (
              <Input
                maxLength={500}
                value={comments[it.id] ?? ''}
                disabled={!canEdit}
                onChange={(e) => setComments({ ...comments, [it.id]: e.target.value })}
                aria-label={`${t('comment')}: ${it.name}`}
              />
            ),
          },
        ]}
      />
      <Alert type="info" showIcon title={`${t('yourTotal')}: ${total} / ${most}`} />
      {canEdit && (
        <Flex gap={8} justify="end">
          {scored && (
            <Popconfirm title={t('withdrawConfirm')} onConfirm={() => void withdraw()}>
              <Button danger>{t('withdraw')}</Button>
            </Popconfirm>
          )}
          <Button type="primary" loading={busy} onClick={() => void save()} data-testid="save-score">
            {t('saveScore')}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}
