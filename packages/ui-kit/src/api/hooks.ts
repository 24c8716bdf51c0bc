import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActsView, ListResult, ResourceDef } from '@portal/contracts/src/frame';
import { api, type Query } from './client';

export type Row = Record<string, unknown> & { id: string; state: 'ACTIVE' | 'INACTIVE' };

export function useList<T = Row>(path: string, query: Query, enabled = true) {
  return useQuery({
    queryKey: [path, 'list', query],
    queryFn: ({ signal }) => api<ListResult<T>>('GET', path, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useRecord<T = Row>(path: string, id: string | undefined) {
  return useQuery({ queryKey: [path, 'one', id], queryFn: ({ signal }) => api<T>('GET', `${path}/${id}`, { signal }), enabled: Boolean(id) });
}

/**
 * What the caller may do with one record of a resource declaring who acts on it (`ResourceDef.acts`: edit, delete,
 * submit, withdraw, the moves and the fields they may write) — `GET <path>/:id/acts`; nothing is asked for other
 * resources (`data` stays undefined: the rights decide alone). Reloaded with the resource's other queries.
 */
export function useActs(def: Pick<ResourceDef, 'path' | 'acts'>, id: string | undefined, enabled = true) {
  return useQuery({
    queryKey: [def.path, 'acts', id],
    queryFn: ({ signal }) => api<ActsView>('GET', `${def.path}/${id}/acts`, { signal }),
    enabled: Boolean(def.acts && id && enabled),
  });
}

/** Create or update; on success every query of the resource reloads with its own parameters (spec §7). */
export function useSave(def: Pick<ResourceDef, 'path'>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: string; values: Record<string, unknown> }) =>
      id ? api<Row>('PUT', `${def.path}/${id}`, { body: values }) : api<Row>('POST', def.path, { body: { ...values } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [def.path] }),
  });
}

export function useRemove(def: Pick<ResourceDef, 'path'>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<Row>('DELETE', `${def.path}/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: [def.path] }),
  });
}
