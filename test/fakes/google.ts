import { createHash, generateKeyPairSync, randomBytes, randomInt, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';

/**
 * A fake Google for tests (README.md): a local HTTP server with the paths of Google's own OAuth and Calendar
 * endpoints, which the real googleapis OAuth2 client talks to when GOOGLE_ROOT_URL points here.
 *
 * OAuth:
 * - GET  /o/oauth2/v2/auth: the consent page ("Choose an account", one button per account, Cancel); it checks the
 *   request as Google does (client id, response type, redirect URI, scopes, PKCE method S256).
 * - POST /o/oauth2/v2/auth/decide: the page's buttons; redirects to redirect_uri with `code`, `state` and the granted
 *   `scope`, or with `error=access_denied`. The code carries the granted scopes (all requested ones, or fewer with
 *   `consent(..., { grantScopes })`, as Google's granular consent where the user unticks some).
 * - POST /token: authorization_code (client secret, redirect URI, single use, PKCE verifier against the challenge)
 *   and refresh_token grants; answers the granted `scope`, a refresh token for `access_type=offline`, and an RS256
 *   ID token (scope `openid`) signed with this server's key. Access tokens remember their scopes and expire after 1 h.
 * - GET  /oauth2/v1/certs: the ID token's public key (PEM), as Google publishes its signing keys.
 * - POST /revoke: revokes a refresh or access token, and with it the whole grant (its refresh token and the access
 *   tokens issued from it), as Google does.
 *
 * Calendar API v3 (JSON; `Authorization: Bearer <access token>` from /token, else 401 authError; the token's scopes
 * must allow the call, else 403 insufficientPermissions). Each account has one primary calendar, in UTC, whose id is
 * its e-mail (lower case); `primary` means it; any other calendar id is 404 notFound. Errors in Google's shape
 * `{ error: { code, message, errors: [{ domain, reason, message }], status } }`.
 * - POST   /calendar/v3/freeBusy: busy intervals (clipped, merged) of the non-cancelled, non-transparent events.
 * - POST   /calendar/v3/calendars/{calendarId}/events: insert (client-chosen base32hex id or a generated one;
 *   409 duplicate for an existing id, even cancelled; a Meet link with `conferenceDataVersion=1` and a createRequest).
 * - GET    /calendar/v3/calendars/{calendarId}/events: list (timeMin, timeMax, showDeleted, privateExtendedProperty,
 *   maxResults, pageToken), ordered by start.
 * - GET    /calendar/v3/calendars/{calendarId}/events/{eventId}: one event, a deleted one too (status cancelled).
 * - PATCH  /calendar/v3/calendars/{calendarId}/events/{eventId}: patch semantics (objects merged, arrays replaced,
 *   null deletes a field); a cancelled event may be patched (`status: 'confirmed'` restores it).
 * - DELETE /calendar/v3/calendars/{calendarId}/events/{eventId}: 204, the event is kept as cancelled; 410 if it
 *   already was.
 * The `sendUpdates` of every write is kept in the fake's own state (`calendarEvents`), never answered.
 *
 * Every request is recorded for assertions; tests can also fail or drop Calendar requests (`failNext`,
 * `unreachable`), expire or revoke tokens, and act as the host in Google Calendar (`addBusyEvent`, ...).
 */

export interface FakeGoogleAccount {
  sub: string;
  email: string;
  emailVerified?: boolean;
  name?: string;
}

interface PendingCode {
  account: FakeGoogleAccount;
  clientId: string;
  redirectUri: string;
  /** The granted scopes (space-separated). */
  scope: string;
  codeChallenge: string | null;
  offline: boolean;
  expiresAt: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  /** The JSON body of a Calendar API request (its raw text if it was not JSON). */
  json?: unknown;
  authorization: string | undefined;
  /** Set when the connection was dropped without an answer (`unreachable`). */
  dropped?: true;
}

export interface GoogleEventDateTime {
  dateTime?: string;
  date?: string;
  timeZone?: string;
}

export interface GoogleEventAttendee {
  email: string;
  displayName?: string;
  responseStatus?: string;
  [field: string]: unknown;
}

export interface GoogleConferenceData {
  conferenceId?: string;
  conferenceSolution?: { key?: { type?: string }; name?: string; iconUri?: string };
  entryPoints?: { entryPointType?: string; uri?: string; label?: string }[];
  createRequest?: { requestId?: string; conferenceSolutionKey?: { type?: string }; status?: { statusCode?: string } };
  [field: string]: unknown;
}

/** An Event resource of the Calendar API v3, as the fake answers it. */
export interface GoogleCalendarEvent {
  kind: 'calendar#event';
  etag: string;
  id: string;
  status: string;
  htmlLink: string;
  created: string;
  updated: string;
  summary?: string;
  description?: string;
  location?: string;
  creator: { email: string; self?: boolean };
  organizer: { email: string; self?: boolean };
  start: GoogleEventDateTime;
  end: GoogleEventDateTime;
  transparency?: string;
  iCalUID: string;
  sequence: number;
  attendees?: GoogleEventAttendee[];
  hangoutLink?: string;
  conferenceData?: GoogleConferenceData;
  extendedProperties?: { private?: Record<string, string>; shared?: Record<string, string> };
  [field: string]: unknown;
}

export interface FakeCalendarWrite {
  action: 'insert' | 'patch' | 'delete';
  /** 'api': a Calendar API request (our service); 'owner': the host in Google Calendar (a test control). */
  by: 'api' | 'owner';
  /** The request's `sendUpdates` query parameter, null when absent. */
  sendUpdates: string | null;
}

/** An event as the fake keeps it: the resource, and fake-only fields that are never answered. */
export interface FakeCalendarEvent extends GoogleCalendarEvent {
  /** The `sendUpdates` of the latest write through the API (null when it had none, or for the host's own events). */
  sendUpdates: string | null;
  /** Every write to the event, in order. */
  writes: FakeCalendarWrite[];
}

export interface FakeGoogleFailure {
  method: string;
  /** Tested against the request's path as sent (percent-encoded), e.g. /\/calendars\/primary\/events$/. */
  path: RegExp;
  status: number;
  /** How many matching requests fail (default 1). */
  times?: number;
  /** Carry the request out first, then answer the error (an answer lost on the way back). */
  afterApply?: boolean;
}

export interface FakeGoogle {
  url: string;
  clientId: string;
  clientSecret: string;
  requests: RecordedRequest[];
  /** Accounts offered on the consent page (by default one, Ada). */
  accounts: FakeGoogleAccount[];
  /** Makes the next code exchanges fail with this OAuth error (e.g. invalid_grant), until set back to null. */
  failTokenExchange: string | null;
  /** Issues bad ID tokens until set back to null: signed by another key, or for another audience or issuer. */
  forgeIdTokens: { otherKey?: boolean; audience?: string; issuer?: string } | null;
  /** While true, every /calendar/v3 request has its connection destroyed without an answer (Google unreachable). */
  unreachable: boolean;
  /** Refresh tokens issued and not revoked. */
  liveRefreshTokens(): string[];
  /**
   * What the consent page would do for this account: the redirect to our callback (code and state), as the
   * browser would follow it. For integration tests without a browser. `grantScopes`: the user grants only these of
   * the requested scopes (Google's granular consent); by default all of them.
   */
  consent(
    authorizationUrl: string,
    account: FakeGoogleAccount | 'cancel',
    options?: { grantScopes?: string[] },
  ): Promise<string>;
  /** Every event of this account's primary calendar, cancelled ones included, with the writes (and sendUpdates) of each. */
  calendarEvents(email: string): FakeCalendarEvent[];
  /** The host makes an opaque event of their own in Google Calendar (not ours); returns its id. */
  addBusyEvent(email: string, event: { start: string | Date; end: string | Date; summary?: string }): string;
  /** The host deletes an event in Google Calendar: it becomes cancelled. */
  deleteEventAsOwner(email: string, eventId: string): void;
  /** The event disappears entirely, as after Google purges old deleted events. */
  purgeEvent(email: string, eventId: string): void;
  /** The user removed our access in their Google account: all their refresh and access tokens are revoked. */
  revokeAllTokensOf(email: string): void;
  /** Every access token issued so far answers 401 from now on (the client must refresh and retry). */
  expireAccessTokens(): void;
  /** The next matching Calendar requests answer `status` with a Google error (429 rateLimitExceeded, 5xx backendError). */
  failNext(rule: FakeGoogleFailure): void;
  close(): Promise<void>;
}

export const FAKE_GOOGLE_ISSUER = 'https://accounts.google.com';

const CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar';
const SCOPES = {
  freeBusy: [
    `${CALENDAR_SCOPE}.freebusy`,
    `${CALENDAR_SCOPE}.events.freebusy`,
    `${CALENDAR_SCOPE}.readonly`,
    `${CALENDAR_SCOPE}.events.readonly`,
    `${CALENDAR_SCOPE}.events`,
    CALENDAR_SCOPE,
  ],
  readEvents: [
    `${CALENDAR_SCOPE}.readonly`,
    `${CALENDAR_SCOPE}.events.readonly`,
    `${CALENDAR_SCOPE}.events`,
    CALENDAR_SCOPE,
  ],
  writeEvents: [`${CALENDAR_SCOPE}.events`, CALENDAR_SCOPE],
};
const ACCESS_TOKEN_SECONDS = 3599;

interface RefreshToken {
  account: FakeGoogleAccount;
  scope: string;
  revoked: boolean;
}
interface AccessToken {
  account: FakeGoogleAccount;
  scopes: string[];
  /** The refresh token of the grant, if any (revoking one revokes the other). */
  refreshToken: string | undefined;
  revoked: boolean;
  expiresAt: number;
}
interface StoredEvent {
  event: GoogleCalendarEvent;
  writes: FakeCalendarWrite[];
}
/** A Calendar API answer before it is sent. */
interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}
const NOT_JSON = Symbol('not JSON');

export async function startFakeGoogle(options: { clientId?: string; clientSecret?: string } = {}): Promise<FakeGoogle> {
  const clientId = options.clientId ?? 'meetwise-test.apps.googleusercontent.com';
  const clientSecret = options.clientSecret ?? 'GOCSPX-fake-google-secret';
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const keyId = randomBytes(8).toString('hex');
  const codes = new Map<string, PendingCode>();
  const refreshTokens = new Map<string, RefreshToken>();
  const accessTokens = new Map<string, AccessToken>();
  /** Primary calendars by lower-case e-mail: events by id, in insertion order. */
  const calendars = new Map<string, Map<string, StoredEvent>>();
  const failures: { method: string; path: RegExp; status: number; times: number; afterApply: boolean }[] = [];

  const calendarOf = (email: string) => {
    const key = email.toLowerCase();
    let calendar = calendars.get(key);
    if (!calendar) calendars.set(key, (calendar = new Map()));
    return calendar;
  };
  const storedEvent = (email: string, eventId: string) => {
    const stored = calendarOf(email).get(eventId);
    if (!stored) throw new Error(`The fake Google has no event ${eventId} in the calendar of ${email}.`);
    return stored;
  };
  /** Revokes a grant: the refresh token and every access token issued from it. */
  const revokeGrant = (refreshToken: string) => {
    const refresh = refreshTokens.get(refreshToken);
    if (refresh) refresh.revoked = true;
    for (const access of accessTokens.values()) if (access.refreshToken === refreshToken) access.revoked = true;
  };

  const fake: FakeGoogle = {
    url: '',
    clientId,
    clientSecret,
    requests: [],
    accounts: [{ sub: '100000000000000000001', email: 'ada.lovelace@gmail.test', name: 'Ada Lovelace' }],
    failTokenExchange: null,
    forgeIdTokens: null,
    unreachable: false,
    liveRefreshTokens: () => [...refreshTokens].filter(([, token]) => !token.revoked).map(([value]) => value),
    async consent(authorizationUrl, account, consentOptions = {}) {
      const page = await fetch(authorizationUrl);
      if (page.status !== 200) throw new Error(`The fake consent page answered ${page.status}: ${await page.text()}`);
      const url = new URL(authorizationUrl);
      const form = new URLSearchParams(url.search);
      if (account === 'cancel') form.set('decision', 'cancel');
      else {
        form.set('decision', 'allow');
        form.set('account', JSON.stringify(account));
        if (consentOptions.grantScopes) form.set('granted_scopes', consentOptions.grantScopes.join(' '));
      }
      const decided = await fetch(`${fake.url}/o/oauth2/v2/auth/decide`, {
        method: 'POST',
        body: form,
        redirect: 'manual',
      });
      const location = decided.headers.get('location');
      if (decided.status !== 302 || !location)
        throw new Error(`The fake consent answered ${decided.status}: ${await decided.text()}`);
      return location;
    },
    calendarEvents: (email) =>
      [...calendarOf(email).values()].map(({ event, writes }) =>
        structuredClone({
          ...event,
          sendUpdates: writes.filter((write) => write.by === 'api').at(-1)?.sendUpdates ?? null,
          writes,
        }),
      ),
    addBusyEvent(email, { start, end, summary }) {
      const calendarId = email.toLowerCase();
      const event = newEvent(calendarId, newEventId(), {
        ...(summary === undefined ? {} : { summary }),
        start: { dateTime: new Date(start).toISOString(), timeZone: 'UTC' },
        end: { dateTime: new Date(end).toISOString(), timeZone: 'UTC' },
      });
      calendarOf(email).set(event.id, { event, writes: [{ action: 'insert', by: 'owner', sendUpdates: null }] });
      return event.id;
    },
    deleteEventAsOwner(email, eventId) {
      const stored = storedEvent(email, eventId);
      stored.event = { ...stored.event, status: 'cancelled', updated: new Date().toISOString(), etag: newEtag() };
      stored.writes.push({ action: 'delete', by: 'owner', sendUpdates: null });
    },
    purgeEvent(email, eventId) {
      storedEvent(email, eventId);
      calendarOf(email).delete(eventId);
    },
    revokeAllTokensOf(email) {
      const theirs = (account: FakeGoogleAccount) => account.email.toLowerCase() === email.toLowerCase();
      for (const token of refreshTokens.values()) if (theirs(token.account)) token.revoked = true;
      for (const token of accessTokens.values()) if (theirs(token.account)) token.revoked = true;
    },
    expireAccessTokens() {
      const now = Date.now();
      for (const token of accessTokens.values()) token.expiresAt = Math.min(token.expiresAt, now - 1);
    },
    failNext(rule) {
      failures.push({
        method: rule.method.toUpperCase(),
        path: rule.path,
        status: rule.status,
        times: rule.times ?? 1,
        afterApply: rule.afterApply ?? false,
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const server: Server = createServer((request, response) => {
    if (fake.unreachable && (request.url ?? '').startsWith('/calendar/v3/')) {
      const url = new URL(request.url ?? '/', fake.url);
      fake.requests.push({
        method: request.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        form: {},
        authorization: request.headers.authorization,
        dropped: true,
      });
      request.socket.destroy();
      return;
    }
    void handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', fake.url);
    const body = await readBody(request);
    const method = request.method ?? 'GET';
    const query = Object.fromEntries(url.searchParams);
    if (url.pathname.startsWith('/calendar/v3/')) {
      const parsed = parseJson(body);
      fake.requests.push({
        method,
        path: url.pathname,
        query,
        form: {},
        ...(body ? { json: parsed === NOT_JSON ? body : parsed } : {}),
        authorization: request.headers.authorization,
      });
      return send(response, calendarRequest(method, url, parsed, request.headers.authorization));
    }
    const form = Object.fromEntries(new URLSearchParams(body));
    fake.requests.push({ method, path: url.pathname, query, form, authorization: request.headers.authorization });
    const route = `${method} ${url.pathname}`;

    if (route === 'GET /o/oauth2/v2/auth') return consentPage(query, response);
    if (route === 'POST /o/oauth2/v2/auth/decide') return decide(form, response);
    if (route === 'POST /token') return token(form, request.headers.authorization, response);
    if (route === 'GET /oauth2/v1/certs') {
      const pem = (publicKey as KeyObject).export({ type: 'spki', format: 'pem' }).toString();
      return json(response, 200, { [keyId]: pem }, { 'cache-control': 'public, max-age=3600' });
    }
    if (route === 'POST /revoke') {
      const value = form.token ?? query.token ?? '';
      const refresh = refreshTokens.get(value);
      const access = accessTokens.get(value);
      if (!refresh && !access)
        return json(response, 400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
      if (access) access.revoked = true;
      const grant = refresh ? value : access?.refreshToken;
      if (grant) revokeGrant(grant);
      return json(response, 200, {});
    }
    return json(response, 404, { error: { code: 404, message: `The fake Google has no ${route}.` } });
  }

  /** Google's checks on an authorization request; a failure is its "Error 400" page. */
  function authorizationProblem(query: Record<string, string>): string | null {
    if (query.client_id !== clientId) return 'invalid_client: The OAuth client was not found.';
    if (query.response_type !== 'code') return 'unsupported_response_type';
    if (!query.redirect_uri || !/^https?:\/\//.test(query.redirect_uri)) return 'redirect_uri_mismatch';
    if (!query.scope) return 'invalid_request: Missing required parameter: scope';
    const invalid = query.scope
      .split(' ')
      .filter(
        (scope) =>
          !['openid', 'email', 'profile'].includes(scope) && !scope.startsWith('https://www.googleapis.com/auth/'),
      );
    if (invalid.length > 0)
      return `invalid_scope: Some requested scopes were invalid. {invalid=[${invalid.join(', ')}]}`;
    if (query.code_challenge && query.code_challenge_method !== 'S256')
      return 'invalid_request: code_challenge_method must be S256';
    return null;
  }

  function consentPage(query: Record<string, string>, response: ServerResponse) {
    const problem = authorizationProblem(query);
    if (problem) return html(response, 400, `<h1>Error 400: ${escape(problem)}</h1>`);
    const hidden = Object.entries(query)
      .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
      .join('');
    const buttons = fake.accounts
      .map(
        (account) =>
          `<form method="post" action="/o/oauth2/v2/auth/decide">${hidden}<input type="hidden" name="decision" value="allow">` +
          `<input type="hidden" name="account" value="${escape(JSON.stringify(account))}">` +
          `<button type="submit">${escape(account.name ?? account.email)} (${escape(account.email)})</button></form>`,
      )
      .join('');
    const cancel = `<form method="post" action="/o/oauth2/v2/auth/decide">${hidden}<input type="hidden" name="decision" value="cancel"><button type="submit">Cancel</button></form>`;
    return html(
      response,
      200,
      `<title>Sign in - Google Accounts</title><h1>Choose an account</h1><p>to continue to Meetwise</p>${buttons}${cancel}`,
    );
  }

  function decide(form: Record<string, string>, response: ServerResponse) {
    const problem = authorizationProblem(form);
    if (problem) return html(response, 400, `<h1>Error 400: ${escape(problem)}</h1>`);
    const back = new URL(form.redirect_uri!);
    if (form.state) back.searchParams.set('state', form.state);
    if (form.decision !== 'allow') {
      back.searchParams.set('error', 'access_denied');
      return redirect(response, back.href);
    }
    const account = JSON.parse(form.account ?? 'null') as FakeGoogleAccount;
    const requested = form.scope!.split(' ');
    let scope = form.scope!;
    if (form.granted_scopes !== undefined) {
      const granted = form.granted_scopes.split(' ').filter(Boolean);
      const unrequested = granted.filter((grantedScope) => !requested.includes(grantedScope));
      if (unrequested.length > 0)
        return html(
          response,
          400,
          `<h1>Error 400: scopes granted but not requested: ${escape(unrequested.join(' '))}</h1>`,
        );
      scope = requested.filter((requestedScope) => granted.includes(requestedScope)).join(' ');
    }
    const code = `4/fake-${randomBytes(24).toString('base64url')}`;
    codes.set(code, {
      account,
      clientId,
      redirectUri: form.redirect_uri!,
      scope,
      codeChallenge: form.code_challenge ?? null,
      offline: form.access_type === 'offline',
      expiresAt: Date.now() + 60_000,
    });
    back.searchParams.set('code', code);
    back.searchParams.set('scope', scope);
    back.searchParams.set('authuser', '0');
    if (form.prompt) back.searchParams.set('prompt', form.prompt);
    return redirect(response, back.href);
  }

  async function token(form: Record<string, string>, authorization: string | undefined, response: ServerResponse) {
    const [id, secret] = clientCredentials(form, authorization);
    if (id !== clientId || secret !== clientSecret)
      return json(response, 401, { error: 'invalid_client', error_description: 'Unauthorized' });
    if (fake.failTokenExchange)
      return json(response, 400, { error: fake.failTokenExchange, error_description: 'Bad Request' });

    if (form.grant_type === 'authorization_code') {
      const pending = codes.get(form.code ?? '');
      codes.delete(form.code ?? '');
      if (!pending || pending.expiresAt < Date.now())
        return json(response, 400, { error: 'invalid_grant', error_description: 'Malformed auth code.' });
      if (pending.redirectUri !== form.redirect_uri)
        return json(response, 400, { error: 'redirect_uri_mismatch', error_description: 'Bad Request' });
      if (pending.codeChallenge) {
        const verified =
          form.code_verifier &&
          createHash('sha256').update(form.code_verifier).digest('base64url') === pending.codeChallenge;
        if (!verified)
          return json(response, 400, { error: 'invalid_grant', error_description: 'Invalid code verifier.' });
      }
      // Issued for every offline consent (Google issues one on the first consent, and on each with prompt=consent).
      const refreshToken = pending.offline ? `1//fake-${randomBytes(24).toString('base64url')}` : undefined;
      if (refreshToken)
        refreshTokens.set(refreshToken, { account: pending.account, scope: pending.scope, revoked: false });
      return json(response, 200, await tokenAnswer(pending.account, pending.scope, refreshToken, refreshToken));
    }
    if (form.grant_type === 'refresh_token') {
      const stored = refreshTokens.get(form.refresh_token ?? '');
      if (!stored || stored.revoked)
        return json(response, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
      return json(response, 200, await tokenAnswer(stored.account, stored.scope, undefined, form.refresh_token));
    }
    return json(response, 400, { error: 'unsupported_grant_type' });
  }

  /** The token endpoint's answer; `grant` is the refresh token the new access token belongs to, if any. */
  async function tokenAnswer(
    account: FakeGoogleAccount,
    scope: string,
    refreshToken: string | undefined,
    grant: string | undefined,
  ) {
    const accessToken = `ya29.fake-${randomBytes(24).toString('base64url')}`;
    const scopes = scope.split(' ').filter(Boolean);
    accessTokens.set(accessToken, {
      account,
      scopes,
      refreshToken: grant,
      revoked: false,
      expiresAt: Date.now() + ACCESS_TOKEN_SECONDS * 1000,
    });
    const forged = fake.forgeIdTokens ?? {};
    const idToken = scopes.includes('openid')
      ? await new SignJWT({
          azp: clientId,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          ...(account.name ? { name: account.name } : {}),
        })
          .setProtectedHeader({ alg: 'RS256', kid: keyId, typ: 'JWT' })
          .setIssuer(forged.issuer ?? FAKE_GOOGLE_ISSUER)
          .setAudience(forged.audience ?? clientId)
          .setSubject(account.sub)
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(forged.otherKey ? otherKey : privateKey)
      : undefined;
    return {
      access_token: accessToken,
      expires_in: ACCESS_TOKEN_SECONDS,
      token_type: 'Bearer',
      scope,
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
      ...(idToken ? { id_token: idToken } : {}),
    };
  }

  // ---------------------------------------------------------------- Calendar API v3

  /** A Calendar request: injected failures (failNext) around the real handling. */
  function calendarRequest(method: string, url: URL, body: unknown, authorization: string | undefined): Reply {
    const index = failures.findIndex((rule) => rule.method === method && testPath(rule.path, url.pathname));
    const rule = failures[index];
    if (rule) {
      rule.times -= 1;
      if (rule.times <= 0) failures.splice(index, 1);
      if (!rule.afterApply) return injectedFailure(rule.status);
    }
    const reply = calendarReply(method, url, body, authorization);
    return rule ? injectedFailure(rule.status) : reply;
  }

  function calendarReply(method: string, url: URL, body: unknown, authorization: string | undefined): Reply {
    const bearer = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    const token = bearer === undefined ? undefined : accessTokens.get(bearer);
    if (!token || token.revoked || token.expiresAt <= Date.now()) return unauthenticated();
    if (body === NOT_JSON) return googleError(400, 'parseError', 'Parse Error');
    const input = isObject(body) ? body : {};
    const email = token.account.email.toLowerCase();
    const path = url.pathname.slice('/calendar/v3'.length);
    const query = url.searchParams;

    if (path === '/freeBusy' && method === 'POST') {
      if (!token.scopes.some((scope) => SCOPES.freeBusy.includes(scope))) return insufficientScopes();
      return freeBusy(email, input);
    }
    const match = /^\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(path);
    if (!match) return googleError(404, 'notFound', 'Not Found');
    const needed = method === 'GET' ? SCOPES.readEvents : SCOPES.writeEvents;
    if (!token.scopes.some((scope) => needed.includes(scope))) return insufficientScopes();
    const calendarId = decodeURIComponent(match[1]!);
    if (calendarId !== 'primary' && calendarId.toLowerCase() !== email)
      return googleError(404, 'notFound', 'Not Found');
    const calendar = calendarOf(email);
    const sendUpdates = query.get('sendUpdates');
    const withMeet = query.get('conferenceDataVersion') === '1';

    if (match[2] === undefined) {
      if (method === 'POST') return insertEvent(email, calendar, input, sendUpdates, withMeet);
      if (method === 'GET') return listEvents(email, calendar, query);
      return googleError(404, 'notFound', 'Not Found');
    }
    const stored = calendar.get(decodeURIComponent(match[2]));
    if (!stored) return googleError(404, 'notFound', 'Not Found');
    if (method === 'GET') return { status: 200, body: stored.event };
    if (method === 'PATCH') return patchEvent(email, stored, input, sendUpdates, withMeet);
    if (method === 'DELETE') {
      if (stored.event.status === 'cancelled') return googleError(410, 'deleted', 'Resource has been deleted');
      stored.event = { ...stored.event, status: 'cancelled', updated: new Date().toISOString(), etag: newEtag() };
      stored.writes.push({ action: 'delete', by: 'api', sendUpdates });
      return { status: 204 };
    }
    return googleError(404, 'notFound', 'Not Found');
  }

  function freeBusy(email: string, input: Record<string, unknown>): Reply {
    const timeMin = parseInstant(input.timeMin);
    const timeMax = parseInstant(input.timeMax);
    if (timeMin === null || timeMax === null) return googleError(400, 'badRequest', 'Bad Request');
    if (timeMax <= timeMin) return timeRangeEmpty();
    const items = Array.isArray(input.items) ? (input.items as unknown[]) : [];
    const calendarsAnswer: Record<string, unknown> = {};
    for (const item of items) {
      const id = isObject(item) && typeof item.id === 'string' ? item.id : '';
      if (id !== 'primary' && id.toLowerCase() !== email) {
        calendarsAnswer[id] = { errors: [{ domain: 'global', reason: 'notFound' }], busy: [] };
        continue;
      }
      const intervals = [...calendarOf(email).values()]
        .map(({ event }) => event)
        .filter((event) => event.status !== 'cancelled' && event.transparency !== 'transparent')
        .map(eventInterval)
        .filter((interval) => interval.start < timeMax && interval.end > timeMin)
        .map((interval) => ({ start: Math.max(interval.start, timeMin), end: Math.min(interval.end, timeMax) }))
        .sort((a, b) => a.start - b.start);
      const merged: { start: number; end: number }[] = [];
      for (const interval of intervals) {
        const last = merged.at(-1);
        if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
        else merged.push({ ...interval });
      }
      calendarsAnswer[id] = {
        busy: merged.map((interval) => ({ start: rfc3339(interval.start), end: rfc3339(interval.end) })),
      };
    }
    const body = {
      kind: 'calendar#freeBusy',
      timeMin: new Date(timeMin).toISOString(),
      timeMax: new Date(timeMax).toISOString(),
      calendars: calendarsAnswer,
    };
    return { status: 200, body };
  }

  function insertEvent(
    email: string,
    calendar: Map<string, StoredEvent>,
    input: Record<string, unknown>,
    sendUpdates: string | null,
    withMeet: boolean,
  ): Reply {
    const id = input.id ?? newEventId();
    if (typeof id !== 'string' || !/^[a-v0-9]{5,1024}$/.test(id))
      return googleError(400, 'invalid', 'Invalid resource id value.');
    if (calendar.has(id)) return googleError(409, 'duplicate', 'The requested identifier already exists.');
    const problem = eventProblem(input);
    if (problem) return problem;
    /* eslint-disable @typescript-eslint/no-unused-vars -- server-owned fields the client cannot set */
    const { kind, etag, htmlLink, created, updated, creator, organizer, hangoutLink, conferenceData, ...fields } =
      input;
    /* eslint-enable @typescript-eslint/no-unused-vars */
    const event = newEvent(email, id, normalizeAttendees(fields));
    if (withMeet) {
      const meet = meetFor(conferenceData);
      if (isReply(meet)) return meet;
      if (meet) Object.assign(event, meet);
    }
    calendar.set(id, { event, writes: [{ action: 'insert', by: 'api', sendUpdates }] });
    return { status: 200, body: event };
  }

  function patchEvent(
    email: string,
    stored: StoredEvent,
    input: Record<string, unknown>,
    sendUpdates: string | null,
    withMeet: boolean,
  ): Reply {
    /* eslint-disable @typescript-eslint/no-unused-vars -- server-owned fields a patch cannot change */
    const {
      id,
      kind,
      etag,
      htmlLink,
      created,
      updated,
      creator,
      organizer,
      iCalUID,
      hangoutLink,
      conferenceData,
      ...changes
    } = input;
    /* eslint-enable @typescript-eslint/no-unused-vars */
    if (Array.isArray(changes.attendees)) {
      // Attendees already invited keep their answer.
      const answers = new Map(
        (stored.event.attendees ?? []).map((attendee) => [attendee.email.toLowerCase(), attendee.responseStatus]),
      );
      changes.attendees = (changes.attendees as unknown[]).map((attendee) =>
        isObject(attendee) && typeof attendee.email === 'string' && answers.get(attendee.email.toLowerCase())
          ? { responseStatus: answers.get(attendee.email.toLowerCase()), ...attendee }
          : attendee,
      );
    }
    const patched = mergePatch(stored.event, normalizeAttendees(changes)) as GoogleCalendarEvent;
    const problem = eventProblem(patched);
    if (problem) return problem;
    if (withMeet && conferenceData === null) {
      delete patched.conferenceData;
      delete patched.hangoutLink;
    } else if (withMeet && !patched.conferenceData) {
      const meet = meetFor(conferenceData);
      if (isReply(meet)) return meet;
      if (meet) Object.assign(patched, meet);
    }
    const before = eventInterval(stored.event);
    const after = eventInterval(patched);
    if (before.start !== after.start || before.end !== after.end) patched.sequence = stored.event.sequence + 1;
    stored.event = { ...patched, updated: new Date().toISOString(), etag: newEtag() };
    stored.writes.push({ action: 'patch', by: 'api', sendUpdates });
    return { status: 200, body: stored.event };
  }

  function listEvents(email: string, calendar: Map<string, StoredEvent>, query: URLSearchParams): Reply {
    const timeMin = query.has('timeMin') ? parseInstant(query.get('timeMin')) : -Infinity;
    const timeMax = query.has('timeMax') ? parseInstant(query.get('timeMax')) : Infinity;
    if (timeMin === null || timeMax === null) return googleError(400, 'badRequest', 'Bad Request');
    if (timeMax <= timeMin) return timeRangeEmpty();
    const filters: [string, string][] = [];
    for (const filter of query.getAll('privateExtendedProperty')) {
      const at = filter.indexOf('=');
      if (at <= 0) return googleError(400, 'badRequest', 'Bad Request');
      filters.push([filter.slice(0, at), filter.slice(at + 1)]);
    }
    const maxResults = query.has('maxResults') ? Number(query.get('maxResults')) : 250;
    if (!Number.isInteger(maxResults) || maxResults < 1)
      return googleError(400, 'invalid', 'Invalid value for: maxResults');
    let after: [number, string] | null = null;
    const pageToken = query.get('pageToken');
    if (pageToken) {
      try {
        after = JSON.parse(Buffer.from(pageToken, 'base64url').toString()) as [number, string];
        if (!Array.isArray(after) || typeof after[0] !== 'number' || typeof after[1] !== 'string')
          throw new Error('bad page token');
      } catch {
        return googleError(400, 'invalid', 'Invalid pageToken value.');
      }
    }
    const showDeleted = query.get('showDeleted') === 'true';
    const key = (event: GoogleCalendarEvent): [number, string] => [eventInterval(event).start, event.id];
    const before = (a: [number, string], b: [number, string]) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
    const matching = [...calendar.values()]
      .map(({ event }) => event)
      .filter((event) => showDeleted || event.status !== 'cancelled')
      .filter((event) => {
        const interval = eventInterval(event);
        return interval.end > timeMin && interval.start < timeMax;
      })
      .filter((event) => filters.every(([name, value]) => event.extendedProperties?.private?.[name] === value))
      .sort((a, b) => (before(key(a), key(b)) ? -1 : before(key(b), key(a)) ? 1 : 0))
      .filter((event) => !after || before(after, key(event)));
    const items = matching.slice(0, Math.min(maxResults, 2500));
    const last = items.at(-1);
    const nextPageToken =
      matching.length > items.length && last ? Buffer.from(JSON.stringify(key(last))).toString('base64url') : undefined;
    const updated = items.reduce(
      (latest, event) => (event.updated > latest ? event.updated : latest),
      new Date(0).toISOString(),
    );
    return {
      status: 200,
      body: {
        kind: 'calendar#events',
        etag: `"p${Date.now()}"`,
        summary: email,
        description: '',
        updated,
        timeZone: 'UTC',
        accessRole: 'owner',
        defaultReminders: [],
        ...(nextPageToken ? { nextPageToken } : {}),
        items,
      },
    };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/** A new event as Google stores it, with the client's fields over Google's defaults. */
function newEvent(email: string, id: string, fields: Record<string, unknown>): GoogleCalendarEvent {
  const now = new Date().toISOString();
  const { id: _id, ...clientFields } = fields;
  return {
    kind: 'calendar#event',
    etag: newEtag(),
    id,
    status: 'confirmed',
    htmlLink: `https://www.google.com/calendar/event?eid=${Buffer.from(`${id} ${email}`).toString('base64url')}`,
    created: now,
    updated: now,
    creator: { email, self: true },
    organizer: { email, self: true },
    iCalUID: `${id}@google.com`,
    sequence: 0,
    reminders: { useDefault: true },
    eventType: 'default',
    ...(clientFields as Partial<GoogleCalendarEvent>),
  } as GoogleCalendarEvent;
}

/** Google's checks on an event's start and end. */
function eventProblem(event: Record<string, unknown>): Reply | null {
  for (const side of ['start', 'end'] as const) {
    const time = event[side];
    if (!isObject(time) || (time.dateTime === undefined && time.date === undefined))
      return googleError(400, 'required', `Missing ${side} time.`);
    if (typeof time.dateTime === 'string' && !/(Z|[+-]\d{2}:\d{2})$/i.test(time.dateTime) && !time.timeZone) {
      return googleError(400, 'required', `Missing time zone definition for ${side} time.`);
    }
    if (time.timeZone !== undefined && !validTimeZone(time.timeZone))
      return googleError(400, 'invalid', `Invalid time zone definition for ${side} time.`);
    if (Number.isNaN(timeOf(time))) return googleError(400, 'invalid', `Invalid ${side} time.`);
  }
  const { start, end } = eventInterval(event);
  if (end < start) return timeRangeEmpty();
  return null;
}

/** The Meet conference Google creates for `conferenceData.createRequest` (none without one); or the 400 for a bad one. */
function meetFor(conferenceData: unknown): Pick<GoogleCalendarEvent, 'hangoutLink' | 'conferenceData'> | Reply | null {
  const createRequest = isObject(conferenceData) ? conferenceData.createRequest : undefined;
  if (!isObject(createRequest)) return null;
  const key = isObject(createRequest.conferenceSolutionKey) ? createRequest.conferenceSolutionKey.type : undefined;
  if (typeof createRequest.requestId !== 'string' || !createRequest.requestId)
    return googleError(400, 'invalid', 'Invalid conference create request.');
  if (key !== 'hangoutsMeet') return googleError(400, 'invalid', 'Invalid conference type value.');
  const letters = (count: number) =>
    Array.from({ length: count }, () => 'abcdefghijklmnopqrstuvwxyz'[randomInt(26)]).join('');
  const conferenceId = `${letters(3)}-${letters(4)}-${letters(3)}`;
  const uri = `https://meet.google.com/${conferenceId}`;
  return {
    hangoutLink: uri,
    conferenceData: {
      createRequest: {
        requestId: createRequest.requestId,
        conferenceSolutionKey: { type: 'hangoutsMeet' },
        status: { statusCode: 'success' },
      },
      entryPoints: [{ entryPointType: 'video', uri, label: `meet.google.com/${conferenceId}` }],
      conferenceSolution: {
        key: { type: 'hangoutsMeet' },
        name: 'Google Meet',
        iconUri:
          'https://fonts.gstatic.com/s/i/productlogos/meet_2020q4/v6/web-512dp/logo_meet_2020q4_color_2x_web_512dp.png',
      },
      conferenceId,
    },
  };
}

/** Attendees as Google keeps them: each with a responseStatus (needsAction until they answer). */
function normalizeAttendees(fields: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(fields.attendees)) return fields;
  const attendees = (fields.attendees as unknown[]).map((attendee) =>
    isObject(attendee) ? { responseStatus: 'needsAction', ...attendee } : attendee,
  );
  return { ...fields, attendees };
}

/** Google's patch semantics: objects merged recursively, anything else (arrays included) replaced, null deletes. */
function mergePatch(target: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...target };
  for (const [field, value] of Object.entries(patch)) {
    if (value === null) delete merged[field];
    else if (isObject(value) && isObject(merged[field])) merged[field] = mergePatch(merged[field], value);
    else merged[field] = value;
  }
  return merged;
}

/** An event's interval in epoch ms (all-day dates at midnight UTC: the fake's calendars are in UTC). */
function eventInterval(event: Record<string, unknown>): { start: number; end: number } {
  return { start: timeOf(event.start), end: timeOf(event.end) };
}

function timeOf(time: unknown): number {
  if (!isObject(time)) return NaN;
  if (typeof time.date === 'string')
    return /^\d{4}-\d{2}-\d{2}$/.test(time.date) ? Date.parse(`${time.date}T00:00:00Z`) : NaN;
  if (typeof time.dateTime !== 'string') return NaN;
  if (/(Z|[+-]\d{2}:\d{2})$/i.test(time.dateTime)) return parseInstant(time.dateTime) ?? NaN;
  return typeof time.timeZone === 'string' ? zonedToEpoch(time.dateTime, time.timeZone) : NaN;
}

/** An RFC 3339 timestamp with its offset, as Google requires for timeMin/timeMax; null when it is not one. */
function parseInstant(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(value))
    return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

/** A local date-time without offset in an IANA time zone, as epoch ms (NaN for an unknown zone). */
function zonedToEpoch(local: string, timeZone: string): number {
  const asUtc = Date.parse(`${local}Z`);
  if (Number.isNaN(asUtc)) return NaN;
  try {
    const offsetAt = (time: number) => {
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat('en-US', {
          timeZone,
          hourCycle: 'h23',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
        })
          .formatToParts(new Date(time))
          .map((part) => [part.type, part.value]),
      );
      return (
        Date.UTC(
          Number(parts.year),
          Number(parts.month) - 1,
          Number(parts.day),
          Number(parts.hour),
          Number(parts.minute),
          Number(parts.second),
        ) -
        Math.floor(time / 1000) * 1000
      );
    };
    const guess = asUtc - offsetAt(asUtc);
    return asUtc - offsetAt(guess);
  } catch {
    return NaN;
  }
}

function validTimeZone(timeZone: unknown): boolean {
  try {
    return typeof timeZone === 'string' && Boolean(new Intl.DateTimeFormat('en-US', { timeZone }));
  } catch {
    return false;
  }
}

const rfc3339 = (time: number) => new Date(time).toISOString().replace(/\.000Z$/, 'Z');

/** Google's event ids: base32hex (a-v, 0-9). */
function newEventId(): string {
  const alphabet = '0123456789abcdefghijklmnopqrstuv';
  return Array.from(randomBytes(26), (byte) => alphabet[byte % 32]).join('');
}

const newEtag = () => `"${Date.now()}${randomInt(1000).toString().padStart(3, '0')}"`;

const RPC_STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ALREADY_EXISTS',
  412: 'FAILED_PRECONDITION',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  501: 'NOT_IMPLEMENTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** An error answer in Google's JSON shape. */
function googleError(
  code: number,
  reason: string,
  message: string,
  more: {
    domain?: string;
    errorMessage?: string;
    location?: string;
    locationType?: string;
    headers?: Record<string, string>;
  } = {},
): Reply {
  const error = {
    domain: more.domain ?? 'global',
    reason,
    message: more.errorMessage ?? message,
    ...(more.location ? { location: more.location, locationType: more.locationType } : {}),
  };
  const status = RPC_STATUS[code];
  return {
    status: code,
    body: { error: { code, message, errors: [error], ...(status ? { status } : {}) } },
    ...(more.headers ? { headers: more.headers } : {}),
  };
}

const unauthenticated = () =>
  googleError(
    401,
    'authError',
    'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
    {
      errorMessage: 'Invalid Credentials',
      location: 'Authorization',
      locationType: 'header',
      headers: { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
    },
  );

const insufficientScopes = () =>
  googleError(403, 'insufficientPermissions', 'Request had insufficient authentication scopes.', {
    errorMessage: 'Insufficient Permission',
    headers: { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="insufficient_scope"' },
  });

const timeRangeEmpty = () =>
  googleError(400, 'timeRangeEmpty', 'The specified time range is empty.', {
    domain: 'calendar',
    location: 'timeMax',
    locationType: 'parameter',
  });

/** The error `failNext` answers for a status. */
function injectedFailure(status: number): Reply {
  if (status === 401) return unauthenticated();
  if (status === 403 || status === 429)
    return googleError(status, 'rateLimitExceeded', 'Rate Limit Exceeded', { domain: 'usageLimits' });
  if (status === 404) return googleError(404, 'notFound', 'Not Found');
  if (status === 409) return googleError(409, 'conflict', 'Conflict');
  if (status === 410) return googleError(410, 'deleted', 'Resource has been deleted');
  if (status >= 500) return googleError(status, 'backendError', 'Backend Error');
  return googleError(status, 'badRequest', 'Bad Request');
}

function testPath(pattern: RegExp, path: string): boolean {
  pattern.lastIndex = 0;
  return pattern.test(path);
}

function parseJson(body: string): unknown {
  if (!body) return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return NOT_JSON;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isReply = (value: unknown): value is Reply => isObject(value) && typeof value.status === 'number';

function send(response: ServerResponse, reply: Reply) {
  if (reply.body === undefined) response.writeHead(reply.status, reply.headers ?? {}).end();
  else json(response, reply.status, reply.body, reply.headers);
}

/** client_secret_basic (what googleapis sends) or client_secret_post. */
function clientCredentials(
  form: Record<string, string>,
  authorization: string | undefined,
): [string | undefined, string | undefined] {
  if (authorization?.startsWith('Basic ')) {
    const [id, ...secret] = Buffer.from(authorization.slice(6), 'base64').toString().split(':');
    return [id, secret.join(':')];
  }
  return [form.client_id, form.client_secret];
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response
    .writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
    .end(JSON.stringify(body));
}
function html(response: ServerResponse, status: number, body: string) {
  response
    .writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
    .end(`<!doctype html><meta charset="utf-8">${body}`);
}
function redirect(response: ServerResponse, location: string) {
  response.writeHead(302, { location }).end();
}
