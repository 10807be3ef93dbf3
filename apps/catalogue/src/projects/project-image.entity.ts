import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** One image of a project (catalogue.project_images): the files are in the image store. */
@Entity({ name: 'project_images' })
export class ProjectImageEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid')
  project_id: string;

  @Column('int')
  position: number;

  @Column('text')
  display_key: string;

  @Column('text')
  thumb_key: string;

  @Column('int', { nullable: true })
  width: number | null;

  @Column('int', { nullable: true })
  height: number | null;

  @Column('int')
  bytes: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
