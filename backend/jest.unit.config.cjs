const shared = require('./jest.shared.cjs');
module.exports = {
  ...shared,
  displayName: 'unit',
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  testPathIgnorePatterns: ['\\.api\\.spec\\.ts$', '\\.integration\\.spec\\.ts$'],
  // Jest's 5 s default fails CPU-bound specs (a 20,000-entry zip) when the two cores are busy:
  // a slow machine should read as slow, not as a failure.
  testTimeout: 30_000,
};
