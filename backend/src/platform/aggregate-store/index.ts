export { AggregateStore, UnitOfWork, type TransactionOptions } from './aggregate-store.js';
