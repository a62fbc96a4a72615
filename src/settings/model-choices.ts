/** R4: the model picker, for the options page (which reads settings, not the agent). */
export { MODEL_CHOICES, DEFAULT_MODEL_ID, type ModelChoice } from '../agent/models';
