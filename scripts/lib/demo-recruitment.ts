import type { CallerContext } from '@portal/contracts';
import type { ServiceKit } from '@portal/service-kit';

/** Demo recruitment: requests, candidates and interviews (called by seedDemo). */
export async function seedRecruitmentDemo(_deps: { hr: ServiceKit; ctx: CallerContext; staffIds: Map<string, string>; orgIds: Map<string, string>; posIds: Map<string, string> }) {}
