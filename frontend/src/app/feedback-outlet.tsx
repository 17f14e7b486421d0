import { lazy, Suspense, useEffect, useState } from 'react';
import { onFirstRequest } from '../lib/feedback';

const FeedbackHost = lazy(() => import('./feedback-host'));

/** Where toasts and dialogs appear, inside the theme; their code loads with the first one. */
export function FeedbackOutlet() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onFirstRequest(() => setWanted(true)), []);
  return wanted ? (
    <Suspense fallback={null}>
      <FeedbackHost />
    </Suspense>
  ) : null;
}
