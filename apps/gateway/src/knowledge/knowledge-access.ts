import { isUUID } from 'class-validator';
import { AppError } from '@app/errors';

export function projectId(id: string): string {
  if (!isUUID(id)) throw new AppError('project_not_found', 'There is no such project in your workspace.');
  return id;
}

export function entryId(id: string): string {
  if (!isUUID(id)) throw new AppError('not_found', 'There is no such knowledge-base entry in this project.');
  return id;
}
