import { project, PROJECT_OPEN_STAGES, projectSuggestion, type CallerContext } from '@portal/contracts';
import { AppError, badRequest, hooksFor, ownMove, type HooksOf, type ServiceKit, type Tx } from '@portal/service-kit';

/**
 * Suggestions (contracts business/suggestion.ts): one is made on an open project of the caller's scope and stays on
 * it; its suggester's edit of a rejected one resubmits it (SUGGESTING again, the decision's note cleared); an approved
 * one gives the project its rating, and a lead is tracked from then on.
 */
export function suggestionHooks(kit: () => ServiceKit): HooksOf<typeof projectSuggestion> {
  const openProject = async (id: string, ctx: CallerContext, tx: Tx) => {
    const p = await kit().repo(project).get(id, ctx, tx);
    // Only a project still open (PROJECT_OPEN_STAGES) is pursued by suggestion: not one won, lost or paused.
    if (!(PROJECT_OPEN_STAGES as readonly string[]).includes(String(p.stage))) throw new AppError(422, 'suggestion_project_closed');
  };
  return hooksFor(projectSuggestion, {
    async beforeCreate(input, ctx, tx) {
      await openProject(String(input.business_project_id), ctx, tx);
    },
    async beforeUpdate(input, existing, ctx, tx) {
      if (input.business_project_id !== undefined && String(input.business_project_id) !== String(existing.business_project_id))
        throw badRequest([{ path: 'business_project_id', key: 'suggestion_project_fixed' }]);
      if (existing.status === 'REJECTED') {
        await openProject(String(existing.business_project_id), ctx, tx);
        Object.assign(input, { status: 'SUGGESTING', decision_note: null });
      }
    },
    async afterStatus(move, row, ctx, tx) {
      if (move.to !== 'APPROVED') return;
      const repo = kit().repo(project);
      const target = await repo.get(String(row.business_project_id), ctx, tx, true);
      const what = `Đề xuất ${row.code} được duyệt / Suggestion ${row.code} approved`;
      await ownMove(repo, tx, target.id, target.stage === 'LEAD' ? 'TRACKING' : String(target.stage), ctx, what, { rating: row.rating });
    },
  });
}
