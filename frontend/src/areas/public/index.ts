/** Public area chunk (lazy). */
export { HomePage } from './home-page';
