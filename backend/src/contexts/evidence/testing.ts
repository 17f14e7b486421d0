/** What the demo seed and other contexts' tests may drive directly: issuing documents from assembled facts. */
export { DocumentFactsAssembler } from './application/documents/document-facts.assembler.js';
export { IssueDocument } from './application/documents/issue-document.command.js';
