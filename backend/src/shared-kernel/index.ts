export * from './domain-error.js';
export * from './role.js';
export * from './clock.js';
export * from './aggregate-root.js';
export * from './recorded-event.js';
export * from './french-identifiers.js';
export * from './spreadsheet-text.js';
export * from './french-working-days.js';
