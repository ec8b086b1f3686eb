export { describeError, describeJobFailure, describeSignInError } from './describe';
export { failureTexts, provideFailureTexts } from './texts';
