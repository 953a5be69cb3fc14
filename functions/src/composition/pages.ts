import { join } from 'node:path';

import { createDocumentClient, createDynamoClient, withConsistentReads } from '#functions/adapters/dynamodb/client';
import { dynamoEvents } from '#functions/adapters/dynamodb/events';
import { dynamoHosts } from '#functions/adapters/dynamodb/hosts/repository';
import { dynamoSettings } from '#functions/adapters/dynamodb/settings';
import { dynamoTeams } from '#functions/adapters/dynamodb/teams';
import { filePublishedPages } from '#functions/adapters/pages/file-pages';
import { filePageShell, s3PageShell } from '#functions/adapters/pages/page-shell';
import { reactBookingPageRenderer } from '#functions/adapters/pages/react-renderer';
import { s3PublishedPages } from '#functions/adapters/pages/s3-pages';
import type { BookingPagesDeps } from '#functions/app/booking/booking-pages';
import { teamDirectoryOver } from '#functions/composition/area-ports';
import { config, coreDeps } from '#functions/composition/core';
import type { Config } from '#functions/config';
import type { PageShellFile } from '#functions/domain/published-pages';
import type { BookingPageRenderer, PublishedPages } from '#functions/ports/events';

/**
 * The booking page publisher's dependencies, apart from the rest of the composition root so that no other function
 * bundles React's server renderer. Its table reads are strongly consistent (its own client).
 */
export function bookingPagesFor(
  configuration: Config,
  core: Pick<BookingPagesDeps, 'config' | 'clock' | 'logger'>,
  overrides: { pages?: PublishedPages; renderer?: BookingPageRenderer } = {},
): BookingPagesDeps {
  const db = createDocumentClient(withConsistentReads(createDynamoClient(configuration)));
  const { site } = configuration;
  const shellOf = (file: PageShellFile) =>
    'bucket' in site ? s3PageShell(site.bucket, configuration.region, file) : filePageShell(join(site.buildDir, file));
  const tables = {
    events: dynamoEvents(db, configuration.tableName),
    hosts: dynamoHosts(db, configuration.tableName),
    teams: dynamoTeams(db, configuration.tableName),
  };
  return {
    ...core,
    ...tables,
    teamDirectory: teamDirectoryOver(tables),
    settings: dynamoSettings(db, configuration.tableName),
    pages:
      overrides.pages ??
      ('bucket' in site
        ? s3PublishedPages(site.bucket, configuration.region)
        : filePublishedPages(join(configuration.dataDir, 'site'))),
    renderer: overrides.renderer ?? reactBookingPageRenderer(shellOf('book.html'), shellOf('team.html')),
  };
}

let built: BookingPagesDeps | undefined;
/** Once per cold start. */
export const bookingPagesDeps = (): BookingPagesDeps => (built ??= bookingPagesFor(config(), coreDeps()));
