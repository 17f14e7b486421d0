/** Commands only the demo data and tests send (docs/context-map.md). */
export { AnswerComplaint, ChangeComplaintStatus, FileComplaint, RecordComplaintAction } from './application/complaints/complaint.commands.js';
export { ComplaintRetention } from './application/complaints/complaint-retention.js';
export { OpenImprovementAction, UpdateImprovementAction } from './application/improvements/improvement.commands.js';
