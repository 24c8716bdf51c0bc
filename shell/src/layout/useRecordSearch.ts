import { useEffect, useMemo, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { api, useAbility } from '@portal/ui-kit/src/frame';
import {
  allResources,
  resourceByName,
  SEARCH_MIN_LENGTH,
  searchedFor,
  searchPath,
  type Domain,
  type ResourceDef,
  type SearchGroup,
  type SearchResult,
} from '@portal/contracts/src/frame';

/** How long typing pauses before the services are asked. */
const PAUSE_MS = 250;

/** Text that settles `ms` after its last change. */
function useSettled(text: string, ms: number): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

export interface FoundGroup extends SearchGroup {
  def: ResourceDef;
}

/**
 * The records the navbar finds for `text` (contracts kit/search.ts): every domain with a findable resource the user may
 * list is asked at once (`GET /<domain>/search`), and the groups come back in the portal's order of resources, each
 * with its declaration (label, page path). `searching`: an answer is still awaited for the current text.
 */
export function useRecordSearch(text: string): { groups: FoundGroup[]; searching: boolean; q: string } {
  const ability = useAbility();
  const q = useSettled(text.trim(), PAUSE_MS);
  const domains = useMemo(() => {
    const can = (action: Parameters<typeof ability.can>[0], feature: Parameters<typeof ability.can>[1]) => ability.can(action, feature);
    const byName = (name: string) => resourceByName.get(name);
    return [...new Set(allResources.filter((r) => searchedFor(r, can, byName)).map((r) => r.domain))] as Domain[];
  }, [ability]);
  const enabled = q.length >= SEARCH_MIN_LENGTH;
  const answers = useQueries({
    queries: domains.map((d) => ({
      queryKey: [searchPath(d), q],
      queryFn: () => api<SearchResult>('GET', searchPath(d), { query: { q } }),
      enabled,
      staleTime: 30_000,
      // A domain whose service is down answers nothing here; the others still do.
      retry: false,
    })),
  });
  const found = new Map(answers.flatMap((a) => a.data?.groups ?? []).map((g) => [g.resource, g]));
  const groups = allResources.flatMap((def) => {
    const g = found.get(def.name);
    return g?.items.length ? [{ ...g, def }] : [];
  });
  const typed = text.trim();
  const searching = typed.length >= SEARCH_MIN_LENGTH && (q !== typed || answers.some((a) => a.isFetching));
  return { groups, searching, q };
}
