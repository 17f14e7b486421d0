import type { ComponentProps } from 'react';
import { LoadState as WorkLoadState, WorkPage } from '../../../components/work-page';
import '../authoring.css';

// Components of this module, not re-exports: the authoring styles come with this module, and a
// module that only re-exports is skipped by the build ("sideEffects": ["*.css"]), its CSS with it.

/** An authoring screen: a work page (components/work-page) with the authoring styles. */
export function AuthoringPage(props: ComponentProps<typeof WorkPage>) {
  return <WorkPage {...props} />;
}

/** Loading, failed or missing, on an authoring screen. */
export function LoadState(props: ComponentProps<typeof WorkLoadState>) {
  return <WorkLoadState {...props} />;
}

export { EmptyText, isNotFound } from '../../../components/work-page';
