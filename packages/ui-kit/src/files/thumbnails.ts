import { useQueries, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { IMAGE_MIMES, type MediaDto } from '@portal/contracts';
import { fetchBlob } from '../api/client';

const thumbKey = (id: string) => ['/files', 'thumbnail', id];
const watched = new WeakSet<QueryClient>();

/** Object URLs are released when react-query drops their entry (unused for its gcTime, or on sign-out). */
function releaseOnRemoval(qc: QueryClient) {
  if (watched.has(qc)) return;
  watched.add(qc);
  qc.getQueryCache().subscribe((e) => {
    const key = e.query.queryKey;
    if (e.type === 'removed' && key[0] === '/files' && key[1] === 'thumbnail' && typeof e.query.state.data === 'string')
      URL.revokeObjectURL(e.query.state.data);
  });
}

export const isPreviewable = (m: Pick<MediaDto, 'mime'>) => (IMAGE_MIMES as readonly string[]).includes(m.mime);

/**
 * Thumbnails of the image files among `media`, by id: private files need the Authorization header, so each
 * image is fetched once as a Blob and shown through an object URL.
 */
export function useThumbnails(media: MediaDto[]): Record<string, string | undefined> {
  const qc = useQueryClient();
  releaseOnRemoval(qc);
  const images = media.filter(isPreviewable);
  const results = useQueries({
    queries: images.map((m) => ({
      queryKey: thumbKey(m.id),
      queryFn: async () => URL.createObjectURL(await fetchBlob(`/files/${m.id}`)),
      staleTime: Infinity,
      retry: false,
    })),
  });
  return Object.fromEntries(images.map((m, i) => [m.id, results[i]?.data]));
}

/** A just-uploaded image shows from the local file: no download of what was just sent. */
export function seedThumbnail(qc: QueryClient, m: MediaDto, file: File) {
  if (!isPreviewable(m)) return;
  releaseOnRemoval(qc);
  qc.setQueryData(thumbKey(m.id), URL.createObjectURL(file));
}

/** Drops a deleted file's thumbnail (its object URL is released). */
export function forgetThumbnail(qc: QueryClient, id: string) {
  qc.removeQueries({ queryKey: thumbKey(id), exact: true });
}
