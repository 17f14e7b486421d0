import '../authoring.css';

/** An authoring screen is a work page (components/work-page) with the authoring styles loaded. */
export { WorkPage as AuthoringPage, LoadState, EmptyText, isNotFound } from '../../../components/work-page';
