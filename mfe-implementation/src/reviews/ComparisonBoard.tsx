import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Card, Empty, Flex, Input, Radio, Space, Table, Tag, Typography } from 'antd';
import { TrophyOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  REVIEW_KINDS,
  reviewVotePath,
  type ComparedProduct,
  type ComparedQuotation,
  type ResourceDef,
  type ReviewComparison,
  type ReviewKind,
} from '@portal/contracts';
import { api, ApiError, Loading, useActs, useLang, usePhone, useReportFormat, type Row } from '@portal/ui-kit';
import { useReviewTexts } from './texts';

const MONEY = { kind: 'money' } as const;

/** Why a line needs its reason: given to a dearer quotation, or to one of several at the lowest price. */
const needsReason = (p: ComparedProduct, quotation: string | undefined): 'reasonDearer' | 'reasonTie' | null =>
  !quotation ? null : !p.lowest.includes(quotation) ? 'reasonDearer' : p.lowest.length > 1 ? 'reasonTie' : null;

/**
 * The comparison screen of a cost review (issue 35 §4; contracts implementation/review-routes.ts): the items down, the
 * quotations across — each with its VAT, delivery cost, payment terms, delivery time and total — every price with its
 * normalised value and the lowest of each line marked (a tie marked as such). While the review is being compared, whoever
 * may edit it picks a quotation per line (each line may go to a different party) and gives the reason a dearer line or
 * a tie needs; "Award" sends them all at once, and the screen shows the award from the answer. On a phone, one card per
 * item with its quotations as choices.
 */
export function ComparisonBoard({ kind, def, row }: { kind: ReviewKind; def: ResourceDef; row: Row }) {
  const t = useReviewTexts();
  const { lang } = useLang();
  const phone = usePhone();
  const format = useReportFormat();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const path = `${reviewVotePath(kind)}/${row.id}`;
  const data = useQuery({ queryKey: [def.path, 'vote', row.id], queryFn: ({ signal }) => api<ReviewComparison>('GET', path, { signal }) });
  const acts = useActs(def, row.id);
  const [choice, setChoice] = useState<Record<string, string>>({});
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const cmp = data.data;
  // What was awarded, or each line's lowest when it has one alone.
  useEffect(() => {
    if (!cmp) return;
    setChoice(Object.fromEntries(cmp.products.map((p) => [p.id, p.awarded_quotation_id ?? (p.lowest.length === 1 ? p.lowest[0]! : '')]).filter(([, q]) => q)));
    setReasons(Object.fromEntries(cmp.products.filter((p) => p.award_reason).map((p) => [p.id, p.award_reason!])));
  }, [cmp]);
  const number = useMemo(() => new Intl.NumberFormat(lang === 'vi' ? 'vi-VN' : 'en-US'), [lang]);
  if (data.isLoading) return <Loading />;
  if (data.isError || !cmp) return <Alert type="error" showIcon title={data.error?.message} />;
  const quotations = cmp.quotations;
  if (!quotations.length || !cmp.products.length) return <Empty description={t('none')} />;
  const editable = cmp.review.review_status === 'EVALUATING' && acts.data?.edit === true;
  const party = (q: ComparedQuotation) => q.contractor_title ?? q.code;
  const terms = (q: ComparedQuotation) =>
    [
      `${t('vat')} ${number.format(Number(q.vat_rate))}%`,
      `${t('delivery')} ${format(MONEY, q.delivery_cost)}`,
      q.payment_terms_days !== null ? `${t('terms')} ${q.payment_terms_days} ${t('days')}` : null,
      q.delivery_days !== null ? `${t('deliveryDays')} ${q.delivery_days} ${t('days')}` : null,
    ]
      .filter(Boolean)
      .join(' · ');

  const award = async () => {
    setBusy(true);
    setErrors({});
    const awards = cmp.products.map((p) => ({ product_id: p.id, quotation_id: choice[p.id] ?? '', reason: reasons[p.id]?.trim() || null }));
    try {
      await api('POST', path, { body: { awards } });
      void message.success(t('saved'));
      void qc.invalidateQueries({ queryKey: [def.path] });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const byProduct: Record<string, string> = {};
      for (const x of e.errors) {
        const i = Number(x.path?.split('.')[1]);
        const p = Number.isInteger(i) ? cmp.products[i] : undefined;
        if (p) byProduct[p.id] = x.message;
      }
      setErrors(byProduct);
      void message.error(e.message);
    } finally {
      setBusy(false);
    }
  };

  const cell = (p: ComparedProduct, q: ComparedQuotation) => {
    const price = p.prices.find((x) => x.quotation_id === q.id);
    if (!price) return <Typography.Text type="secondary">{t('notPriced')}</Typography.Text>;
    const lowest = p.lowest.includes(q.id);
    const won = p.awarded_quotation_id === q.id;
    return (
      <Space orientation="vertical" size={0} data-testid={`price-${p.id}-${q.id}`}>
        <Typography.Text type="secondary">
          {t('unitPrice')} {number.format(Number(price.unit_price))}
        </Typography.Text>
        <Typography.Text strong>{number.format(Number(price.normalized))}</Typography.Text>
        <Space size={4} wrap>
          {lowest && <Tag color={p.lowest.length > 1 ? 'orange' : 'green'}>{p.lowest.length > 1 ? t('tie') : t('lowest')}</Tag>}
          {won && (
            <Tag color="blue" icon={<TrophyOutlined />}>
              {t('chosen')}
            </Tag>
          )}
        </Space>
        {editable && <Radio checked={choice[p.id] === q.id} onChange={() => setChoice({ ...choice, [p.id]: q.id })} aria-label={`${p.name} — ${party(q)}`} />}
      </Space>
    );
  };
  const reasonInput = (p: ComparedProduct) => {
    const need = needsReason(p, choice[p.id]);
    if (!editable) return p.award_reason ? <Typography.Text>{p.award_reason}</Typography.Text> : null;
    if (!need && !reasons[p.id]) return null;
    return (
      <Space orientation="vertical" size={2} style={{ width: '100%' }}>
        <Input.TextArea
          rows={2}
          maxLength={1000}
          value={reasons[p.id] ?? ''}
          placeholder={need ? t(need) : t('reason')}
          status={errors[p.id] ? 'error' : undefined}
          onChange={(e) => setReasons({ ...reasons, [p.id]: e.target.value })}
          data-testid={`reason-${p.id}`}
        />
        {errors[p.id] && <Typography.Text type="danger">{errors[p.id]}</Typography.Text>}
      </Space>
    );
  };

  const head = (
    <Flex vertical gap={8} style={{ marginBottom: 12 }}>
      <Typography.Text type="secondary">{t('hint')}</Typography.Text>
      {cmp.review.review_status === 'QUOTING' && <Alert type="info" showIcon title={t('closeFirst')} />}
      {cmp.review.is_vote && (
        <Alert
          type="success"
          showIcon
          title={`${t('awarded')} · ${t('awardedTotal')}: ${format(MONEY, cmp.review.summary_approval_cost)}`}
          description={cmp.review.review_status === 'AWARDED' ? t('reopenHint') : undefined}
        />
      )}
    </Flex>
  );
  const submit = editable && (
    <Flex justify="end" style={{ marginTop: 12 }}>
      <Button type="primary" icon={<TrophyOutlined />} loading={busy} onClick={() => void award()} data-testid="award">
        {t('award')}
      </Button>
    </Flex>
  );

  if (phone) {
    return (
      <>
        {head}
        <Flex vertical gap={12}>
          {cmp.products.map((p) => (
            <Card key={p.id} size="small" title={`${p.name} · ${number.format(Number(p.quantity))} ${p.unit}`}>
              <Flex vertical gap={8}>
                {quotations.map((q) => (
                  <Flex key={q.id} justify="space-between" align="start" gap={8}>
                    <Typography.Text>{party(q)}</Typography.Text>
                    {cell(p, q)}
                  </Flex>
                ))}
                {reasonInput(p)}
              </Flex>
            </Card>
          ))}
        </Flex>
        {submit}
      </>
    );
  }
  const columns = [
    {
      key: 'item',
      title: t('item'),
      fixed: 'left' as const,
      width: 220,
      render: (_: unknown, p: ComparedProduct) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{p.name}</Typography.Text>
          <Typography.Text type="secondary">
            {number.format(Number(p.quantity))} {p.unit}
          </Typography.Text>
        </Space>
      ),
    },
    ...quotations.map((q) => ({
      key: q.id,
      width: 200,
      title: (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{party(q)}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
            {terms(q)}
          </Typography.Text>
          <Typography.Text style={{ fontWeight: 'normal' }}>
            {t('total')}: {format(MONEY, q.total)}
          </Typography.Text>
        </Space>
      ),
      render: (_: unknown, p: ComparedProduct) => cell(p, q),
    })),
    { key: 'reason', title: t('reason'), width: 240, render: (_: unknown, p: ComparedProduct) => reasonInput(p) },
  ];
  return (
    <>
      {head}
      <Table<ComparedProduct>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={columns}
        dataSource={cmp.products}
        data-testid="comparison"
        aria-label={REVIEW_KINDS[kind].label[lang]}
      />
      {submit}
    </>
  );
}
