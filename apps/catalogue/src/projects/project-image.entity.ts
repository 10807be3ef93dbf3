import { Column, Entity, PrimaryColumn } from 'typeorm';
import { ImageColumns } from '../listings/image-columns';

/** One image of a project (catalogue.project_images): the files are in the image store. */
@Entity({ name: 'project_images' })
export class ProjectImageEntity extends ImageColumns {
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid')
  project_id: string;
}
