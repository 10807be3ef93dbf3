export * from './arabic-folds';
