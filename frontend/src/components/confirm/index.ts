export { confirmRemoval, type ModalApi, type Removal } from './confirm-removal';
