/** The streamed workbooks moved to the platform (issue 28: the trainer's progress grid exports too). */
export * from '../../../../platform/http/xlsx.js';
