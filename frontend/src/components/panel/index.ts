/** The white box of the pages (in place of antd's Card). */
export { Panel } from './panel';
