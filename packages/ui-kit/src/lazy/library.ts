import { useEffect, useState } from 'react';

/**
 * A heavy library a page draws with (charts, the calendar), loaded when the page opens by the loader the page passes
 * (`() => import('@portal/ui-kit/src/report/charts')`): the import is in the remote's own code, so only a remote that
 * draws with it builds and ships it, and the ui-kit every app shares at start does not carry it.
 */
export type LibraryLoader<T> = () => Promise<T>;
export interface LibraryState<T> {
  lib: T | null;
  error: boolean;
  retry: () => void;
}

const loaded = new WeakMap<LibraryLoader<unknown>, Promise<unknown>>();
function load<T>(loader: LibraryLoader<T>): Promise<T> {
  let p = loaded.get(loader) as Promise<T> | undefined;
  if (!p) {
    // A failed chunk is forgotten, so that Retry fetches it again.
    p = loader().catch((e: unknown) => {
      loaded.delete(loader);
      throw e;
    });
    loaded.set(loader, p);
  }
  return p;
}

/** The library for a page: null until loaded, `error` (with `retry`) if its chunk could not be fetched. */
export function useLibrary<T>(loader: LibraryLoader<T>): LibraryState<T> {
  const [lib, setLib] = useState<T | null>(null);
  const [error, setError] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    load(loader).then(
      (m) => {
        if (live) {
          setLib(() => m);
          setError(false);
        }
      },
      () => {
        if (live) setError(true);
      },
    );
    return () => {
      live = false;
    };
  }, [attempt, loader]);
  return {
    lib,
    error,
    retry: () => {
      setError(false);
      setAttempt((n) => n + 1);
    },
  };
}
