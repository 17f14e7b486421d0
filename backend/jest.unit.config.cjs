const shared = require('./jest.shared.cjs');
module.exports = {
  ...shared,
  displayName: 'unit',
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  testPathIgnorePatterns: ['\\.api\\.spec\\.ts$', '\\.integration\\.spec\\.ts$'],
};
