export { describeError, describeJobFailure, describeSignInError } from './describe';
export { failureTexts, onMissingFailureTexts, provideFailureTexts } from './texts';
