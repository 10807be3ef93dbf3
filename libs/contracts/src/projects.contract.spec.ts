import { plainToInstance } from 'class-transformer';
import { validateSync } from '@app/validation';
import { PublishUnitRequest } from './projects.contract';

/** What the service edge does with a payload: the contract validation pipe's options. */
function problems(payload: object): string[] {
  const request = plainToInstance(PublishUnitRequest, payload);
  return validateSync(request, { whitelist: true, forbidNonWhitelisted: true }).map((error) => error.property);
}

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const unit = { workspace_id: id(1), project_id: id(2), id: id(3), listing_id: id(4) };

describe('PublishUnitRequest', () => {
  it('should take the gateway’s copies, each a project image and the listing image id it was copied to', () => {
    const image_copies = [
      { project_image_id: id(5), image_id: id(6) },
      { project_image_id: id(7), image_id: id(8) },
    ];
    expect(problems({ ...unit, image_copies })).toEqual([]);
    expect(problems(unit)).toEqual([]);
  });

  it('should refuse a project image copied twice, an image id used twice, a bad id and an unknown field', () => {
    const copy = { project_image_id: id(5), image_id: id(6) };
    expect(problems({ ...unit, image_copies: [copy, { ...copy, image_id: id(8) }] })).toEqual(['image_copies']);
    expect(problems({ ...unit, image_copies: [copy, { ...copy, project_image_id: id(7) }] })).toEqual(['image_copies']);
    expect(problems({ ...unit, image_copies: [{ ...copy, image_id: 'x' }] })).toEqual(['image_copies']);
    expect(problems({ ...unit, image_copies: [{ ...copy, position: 1 }] })).toEqual(['image_copies']);
    expect(problems({ ...unit, image_copies: 'x' })).toEqual(['image_copies']);
  });
});
