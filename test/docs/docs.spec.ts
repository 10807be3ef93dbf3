import fs from 'node:fs';
import path from 'node:path';
import { getMetadataStorage } from 'class-validator';
import { BaseEnv } from '@app/config';
import { BillingEnv } from '../../apps/billing/src/config/billing.env';
import { CatalogueEnv } from '../../apps/catalogue/src/config/catalogue.env';
import { DecisionEnv } from '../../apps/decision/src/config/decision.env';
import { ReasoningEnv } from '../../apps/decision/src/reasoning/reasoning.env';
import { GatewayEnv } from '../../apps/gateway/src/config/gateway.env';
import { LeadsEnv } from '../../apps/leads/src/config/leads.env';
import { NotificationEnv } from '../../apps/notification/src/config/notification.env';
import { StandaloneEnv } from '../../apps/standalone/src/standalone.env';

const ROOT = path.join(__dirname, '..', '..');
const PAGES = ['README.md', ...fs.readdirSync(path.join(ROOT, 'docs')).map((file) => `docs/${file}`)].filter((file) =>
  file.endsWith('.md'),
);
const ENV_CLASSES = [BaseEnv, GatewayEnv, StandaloneEnv, DecisionEnv, ReasoningEnv, BillingEnv, CatalogueEnv, LeadsEnv, NotificationEnv];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
}

function anchorsIn(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1].trim())));
}

function linksIn(markdown: string): string[] {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '');
  return [...withoutCode.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]);
}

function envVariables(): string[] {
  const names = ENV_CLASSES.flatMap((cls) =>
    getMetadataStorage()
      .getTargetValidationMetadatas(cls, '', true, false)
      .map((metadata) => metadata.propertyName),
  );
  return [...new Set(names)].sort();
}

describe('the README and docs/', () => {
  it.each(PAGES)('should have no dead relative link or anchor when %s is read', (page) => {
    const markdown = fs.readFileSync(path.join(ROOT, page), 'utf8');
    const dead = linksIn(markdown)
      .filter((link) => !/^(https?:|mailto:)/.test(link))
      .filter((link) => {
        const [file, anchor] = link.split('#');
        const target = file ? path.join(ROOT, path.dirname(page), file) : path.join(ROOT, page);
        if (!fs.existsSync(target)) return true;
        return (
          anchor !== undefined && target.endsWith('.md') && !anchorsIn(fs.readFileSync(target, 'utf8')).has(anchor)
        );
      });
    expect(dead).toEqual([]);
  });

  it('should document every environment variable the configuration schemas know when configuration.md is read', () => {
    const page = fs.readFileSync(path.join(ROOT, 'docs', 'configuration.md'), 'utf8');
    const known = envVariables();
    expect(known.length).toBeGreaterThan(20);
    expect(known.filter((name) => !page.includes(`\`${name}\``))).toEqual([]);
  });

  it('should name no variable the configuration schemas do not know when configuration.md is read', () => {
    const page = fs.readFileSync(path.join(ROOT, 'docs', 'configuration.md'), 'utf8');
    const known = new Set(envVariables());
    const named = [...page.matchAll(/`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|PORT)`/g)].map((match) => match[1]);
    expect([...new Set(named)].filter((name) => !known.has(name))).toEqual([]);
  });

  it('should keep the README short enough to read in five minutes', () => {
    expect(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8').length).toBeLessThan(12_000);
  });
});
