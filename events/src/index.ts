export * from './envelope';
export * from './lead-events';
export * from './registry';
export * from './user-events';
export * from './lead-state';
export * from './call-events';
export * from './sale-events';
export * from './gamification-events';
