export { defaultFirst, defaultSpace, type SpaceRef, spaceForAction } from './default-space';
