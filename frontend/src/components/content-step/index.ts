/** The body of a course step and its reading order, shared by the authoring preview and the course player. */
export { ContentStep, ScormFrame, textParagraphs, type QuizStepView, type StepContent, type StepPlayers } from './content-step';
export {
  clickChapter,
  flattenSteps,
  goToStep,
  initialSelection,
  neighbours,
  stepKey,
  type OutlineChapter,
  type OutlineSelection,
  type OutlineStep,
  type StepRef,
} from './step-sequence';
export { StepOutline, type OutlineMark } from './step-outline';
export { messages as contentStepMessages } from './messages';
