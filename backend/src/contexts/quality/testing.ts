/** Commands only the demo data and tests send (docs/context-map.md), with their handlers for a demo clock. */
export {
  AnswerComplaint, AnswerComplaintHandler, ChangeComplaintStatus, ChangeComplaintStatusHandler, ComplaintFilingThrottle, FileComplaint, FileComplaintHandler,
  RecordComplaintAction, RecordComplaintActionHandler,
} from './application/complaints/complaint.commands.js';
export { ComplaintRetention } from './application/complaints/complaint-retention.js';
export {
  OpenImprovementAction, OpenImprovementActionHandler, UpdateImprovementAction, UpdateImprovementActionHandler,
} from './application/improvements/improvement.commands.js';
