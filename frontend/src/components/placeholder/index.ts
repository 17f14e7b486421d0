/** Loading placeholders drawn in CSS. */
export { Placeholder } from './placeholder';
