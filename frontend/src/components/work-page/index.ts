/** The frame of a role area's screen: heading, actions, way back, and what shows until the data is there. */
export { WorkPage, LoadState, EmptyText, isNotFound } from './work-page';
