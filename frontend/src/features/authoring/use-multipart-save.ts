import { useCallback, useState } from 'react';
import { api } from '../../lib/api';
import { useAppDispatch } from '../../lib/hooks';
import { uploadMultipart } from '../../lib/upload';

type ApiTags = Parameters<typeof api.util.invalidateTags>[0];

export interface MultipartSave {
  method: 'POST' | 'PUT';
  url: string;
  body: FormData;
  /** The RTK Query tags the answer makes stale. */
  invalidates: ApiTags;
}

/**
 * Saves a form that may carry a file (video, SCORM zip, document, image) through the upload helper,
 * so the screen can show how far it has gone; then marks the lists it changed as stale.
 * `percent` is null when nothing is being sent.
 */
export function useMultipartSave() {
  const dispatch = useAppDispatch();
  const [percent, setPercent] = useState<number | null>(null);
  const save = useCallback(
    async <T,>({ invalidates, ...request }: MultipartSave): Promise<T> => {
      setPercent(0);
      try {
        const saved = await uploadMultipart<T>({ ...request, onProgress: setPercent });
        dispatch(api.util.invalidateTags(invalidates));
        return saved;
      } finally {
        setPercent(null);
      }
    },
    [dispatch],
  );
  return { save, percent, sending: percent !== null };
}
