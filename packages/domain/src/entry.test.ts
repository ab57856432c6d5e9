import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as domain from './index.js';

const sourceDir = fileURLToPath(new URL('.', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('main entry', () => {
  it('never carries the card catalogue (the web bundle imports it)', () => {
    const outsideCatalogue = sourceFiles(sourceDir).filter(
      (file) => !relative(sourceDir, file).startsWith('catalogue'),
    );
    const offenders = outsideCatalogue.filter((file) => {
      const imports = readFileSync(file, 'utf8').match(/from\s+'[^']*'/g) ?? [];
      return imports.some((source) => /players\.json|catalogue|'node:/.test(source));
    });
    expect(offenders).toEqual([]);
    expect('loadCatalogue' in domain).toBe(false);
  });

  it('exports the names other workspaces rely on', () => {
    for (const name of [
      'platformSchema',
      'accountCreateSchema',
      'accountSchema',
      'normalFilterSchema',
      'rarityFilterSchema',
      'fodderFilterSchema',
      'transferFilterSchema',
      'filterSchema',
      'followUpSchema',
      'timeRangeSchema',
      'configurationSchema',
      'timeConfigSchema',
      'advancedConfigSchema',
      'notificationConfigSchema',
      'marketConfigSchema',
      'transferConfigSchema',
      'calibrationConfigSchema',
      'userSchema',
      'providerConfigSchema',
      'sessionSchema',
      'snipeResultReportSchema',
      'logEntrySchema',
      'serverLogMessageSchema',
      'productSchema',
      'checkoutRequestSchema',
      'coinListingSchema',
      'createListingSchema',
      'purchaseListingSchema',
      'sbcChallengeSchema',
      'solutionSchema',
      'solverStartSchema',
      'notificationSchema',
      'defaultConfiguration',
      'defaultNormalFilter',
      'newUserDefaults',
      'firstIssueMessage',
      'joinIssueMessages',
      'snapPrice',
      'formatCompactNumber',
    ]) {
      expect(domain, name).toHaveProperty(name);
    }
  });
});
