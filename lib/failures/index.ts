export { describeError, describeJobFailure, describeSignInError } from './describe';
export { failureTextRegistry, failureTexts } from './texts';
