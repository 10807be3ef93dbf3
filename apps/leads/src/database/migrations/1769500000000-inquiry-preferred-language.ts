import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The language a buyer wants an inquiry answered in (`ar` or `en`); null: no preference, as every earlier thread. */
export class InquiryPreferredLanguage1769500000000 implements MigrationInterface {
  name = 'InquiryPreferredLanguage1769500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "leads"."inquiries" ADD COLUMN "preferred_language" text`);
    await queryRunner.query(
      `ALTER TABLE "leads"."inquiries" ADD CONSTRAINT "inquiries_preferred_language_ck" CHECK ("preferred_language" IN ('ar', 'en'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "leads"."inquiries" DROP COLUMN "preferred_language"`);
  }
}
