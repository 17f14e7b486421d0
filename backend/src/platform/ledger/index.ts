/** The ledger's public API (docs/adr/0038): checkpoints, their format, and inclusion proofs for dossier manifests. */
export { LedgerModule } from './ledger.module.js';
export { LedgerService } from './ledger.service.js';
export { inclusionProofFor, type CheckpointInclusion, type StoredCheckpoint } from './ledger.store.js';
export { inclusionProof, verifyInclusion, merkleRoot, headLine, leafHash, type InclusionProof, type StreamHead } from './merkle.js';
export { checkpointBody, parseCheckpointBody, verifyBody, stampImprint, signedText, CHECKPOINT_FORMAT, type CheckpointFields } from './checkpoint-format.js';
export { CheckpointTree, type HeadProof } from './checkpoint-proofs.js';
