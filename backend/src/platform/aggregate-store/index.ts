export { AggregateStore, UnitOfWork, type TransactionOptions } from './aggregate-store.js';
export { Staged } from '../storage/staged-uploads.js';
