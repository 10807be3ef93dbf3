import { isEmail } from '@app/validation';
import { hashPassword } from '../apps/gateway/src/identity/accounts/passwords';
import { newSecret } from '../apps/gateway/src/identity/secrets';
import { identityDatabase } from '../apps/gateway/src/database/identity.database';
import {
  createOrPromoteModerator,
  moderatorPasswordProblem,
} from '../apps/gateway/src/identity/moderators/moderator-accounts';
import { runTool } from './tool-database';

/**
 * `npm run create:moderator -- <email>`: a platform moderator (staff account). With a
 * password piped on stdin (`echo "$PASS" | npm run create:moderator -- a@b.c`) that one is
 * used; otherwise a one-time password is generated and printed once (it is stored only as
 * an argon2id hash). An existing account is made a moderator and keeps its password.
 * Uses DATABASE_URL, else the embedded database in DATA_DIR.
 */
runTool(
  'create-moderator',
  () => {
    const email = process.argv[2]?.trim();
    if (!email || !isEmail(email)) throw new Error('Usage: npm run create:moderator -- <email>');
    return email;
  },
  async (email, database) => {
    const given = process.stdin.isTTY ? undefined : (await readStdin()).trim() || undefined;
    if (given !== undefined) {
      const problem = moderatorPasswordProblem(given);
      if (problem) throw new Error(problem);
    }
    const password = given ?? newSecret(15);
    const { dataSource } = await database.open(identityDatabase);
    const outcome = await dataSource.transaction(async (manager) =>
      createOrPromoteModerator(manager, {
        email,
        name: email.split('@')[0],
        passwordHash: await hashPassword(password),
      }),
    );
    if (outcome === 'promoted') {
      process.stdout.write(`${email} is now a moderator (existing account; its password is unchanged).\n`);
    } else if (given === undefined) {
      process.stdout.write(`Moderator ${email} created. One-time password (shown once): ${password}\n`);
    } else {
      process.stdout.write(`Moderator ${email} created with the password from stdin.\n`);
    }
  },
);

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
