export { defaultFirst, defaultSpace, type SpaceRef, spaceForAction } from './default-space';
export { type ListedSpace, listedOrder } from './order';
