import { officialDocument, type CallerContext, type InputOf, type RowOf } from '@portal/contracts';
import { AppError, badRequest, changes, hooksFor, type HooksOf, type ServiceKit, type Tx } from '@portal/service-kit';

/**
 * The document register's own rules (contracts admin/document.ts): an outgoing document answers an incoming one its
 * writer can see (a reference to a document hidden from them is as unknown as a missing one: no existence leak). The
 * incoming document's `answered_by_id` is its latest active reply, kept in the reply's transaction. (`due_date` is the
 * answer due on either side: ours to an incoming document, the recipient's to an outgoing one.)
 */
export function documentHooks(kit: () => ServiceKit): HooksOf<typeof officialDocument> {
  const check = async (input: InputOf<typeof officialDocument>, existing: RowOf<typeof officialDocument> | null, ctx: CallerContext, tx: Tx) => {
    // The link is checked when it is made (an edit of a reply's summary is not refused because the letter it answers
    // was withdrawn since, or is hidden from this editor).
    const replyTo = input.reply_to_id;
    if (!replyTo || !changes(officialDocument, input, existing, ['reply_to_id'])) return;
    if ((input.direction ?? existing?.direction) !== 'OUT') throw badRequest([{ path: 'reply_to_id', key: 'document_reply_outgoing' }]);
    const target = await kit()
      .repo(officialDocument)
      .get(replyTo, ctx, tx)
      .catch((err: unknown) => {
        if (err instanceof AppError && err.status === 404) throw badRequest([{ path: 'reply_to_id', key: 'document_reply_unknown' }]);
        throw err;
      });
    if (target.direction !== 'IN' || target.state !== 'ACTIVE') throw badRequest([{ path: 'reply_to_id', key: 'document_reply_incoming' }]);
  };
  return hooksFor(officialDocument, {
    beforeCreate: (input, ctx, tx) => check(input, null, ctx, tx),
    beforeUpdate: (input, existing, ctx, tx) => check(input, existing, ctx, tx),
    async afterWrite(_verb, row, _ctx, tx) {
      // The incoming document this reply answers (or answered before this write) reads its latest active reply.
      if (row.direction !== 'OUT') return;
      await tx.query(
        `UPDATE document d SET answered_by_id = (SELECT r.id FROM document r WHERE r.reply_to_id = d.id AND r.state = 'ACTIVE'
          ORDER BY r.created_date DESC, r.id LIMIT 1) WHERE d.direction = 'IN' AND (d.id = $1 OR d.answered_by_id = $2)`,
        [row.reply_to_id ?? null, row.id],
      );
    },
  });
}
