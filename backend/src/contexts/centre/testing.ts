/** What the demo seed and other contexts' tests may drive directly: the centre's commands. */
export { RemoveCentreImage, SetCentreImage, UpdateCentreIdentity } from './application/commands/centre-identity.commands.js';
export { UpdateAccessibilityStatement } from './application/commands/accessibility-statement.commands.js';
