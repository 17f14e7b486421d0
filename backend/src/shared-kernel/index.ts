export * from './domain-error.js';
export * from './role.js';
export * from './clock.js';
