export { describeError, describeJobFailure, describeSignInError, type FailureContext } from './describe';
export { type FailureTexts, failureTexts, provideFailureTexts } from './texts';
