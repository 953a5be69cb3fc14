/**
 * Every key the table holds is built here, so the layout in README.md beside this file has one home in code.
 */
export const keys = {
  contactMessage: (id: string) => ({ pk: `CONTACT#${id}`, sk: 'CONTACT' }),
  /** Contact messages listed newest first: gsi1pk CONTACT, gsi1sk = createdAt#id. */
  contactMessageIndex: (createdAt: string, id: string) => ({ gsi1pk: 'CONTACT', gsi1sk: `${createdAt}#${id}` }),
  settings: () => ({ pk: 'SETTINGS', sk: 'GLOBAL' }),

  /** Event ids are numbers from this counter (the spec's ?edit={id} and demo id 999). */
  eventIdCounter: () => ({ pk: 'COUNTER', sk: 'EVENT_ID' }),
  eventPartition: (id: number) => `EVENT#${id}`,
  event: (id: number) => ({ pk: `EVENT#${id}`, sk: 'EVENT' }),
  /** A host's event types: gsi1pk HOST#{userId}#EVENTS. */
  eventIndex: (userId: string, id: number) => ({
    gsi1pk: `HOST#${userId}#EVENTS`,
    gsi1sk: `EVENT#${String(id).padStart(12, '0')}`,
  }),
  /** Overrides live in their event's partition, so one Query reads an event with its overrides. */
  dateOverride: (eventId: number, date: string, id: string) => ({
    pk: `EVENT#${eventId}`,
    sk: `OVERRIDE#${date}#${id}`,
  }),
  /** Slugs are unique across the service: this item is written in the same transaction as the event. */
  slug: (slug: string) => ({ pk: `SLUG#${slug}`, sk: 'SLUG' }),

  userPartition: (userId: string) => `USER#${userId}`,
  userProfile: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  userCalendar: (userId: string) => ({ pk: `USER#${userId}`, sk: 'CALENDAR' }),
  /** Hosts with Google Calendar connected, one item each in one partition: the scheduled sync's work list. */
  googleCalendarHost: (userId: string) => ({ pk: 'CALENDARS#GOOGLE', sk: `USER#${userId}` }),
  googleCalendarHostsPartition: 'CALENDARS#GOOGLE',
  /** A private ICS feed, by the SHA-256 of its token (the token itself is sealed on the CALENDAR item). */
  calendarFeed: (tokenHash: string) => ({ pk: `ICSFEED#${tokenHash}`, sk: 'ICSFEED' }),
  /**
   * Billing (issue 18): an owner's items live in the account's partition, or under the guest's e-mail until an
   * account proves it. A plan's sort key PLAN#{id} sorts between CALENDAR and PROFILE, so the host read (one Query
   * of that range) includes every plan; payments (BILLPAY#…) and the Stripe customer (BILLCUSTOMER) sort before
   * CALENDAR, outside it.
   */
  billingPartition: (owner: { kind: 'account'; accountId: string } | { kind: 'guest'; email: string }) =>
    owner.kind === 'account' ? `USER#${owner.accountId}` : `GUESTBILLING#${owner.email.toLowerCase()}`,
  planPrefix: 'PLAN#',
  plan: (partition: string, planId: string) => ({ pk: partition, sk: `PLAN#${planId}` }),
  paymentPrefix: 'BILLPAY#',
  payment: (partition: string, planId: string, paymentId: string) => ({
    pk: partition,
    sk: `BILLPAY#${planId}#${paymentId}`,
  }),
  billingCustomer: (partition: string) => ({ pk: partition, sk: 'BILLCUSTOMER' }),
  /** A payment started here, by its payment intent, for the browser's return (expires after 2 days). */
  pendingPayment: (paymentIntentId: string) => ({ pk: `PAYPENDING#${paymentIntentId}`, sk: 'PAYPENDING' }),
  /** A promo code by its normalized text (shared/rules/pricing.ts). */
  promoCode: (normalized: string) => ({ pk: `PROMO#${normalized}`, sk: 'PROMO' }),
  /** A session lives in its user's partition, so account deletion finds them all with one Query. */
  session: (userId: string, sessionId: string) => ({ pk: `USER#${userId}`, sk: `SESSION#${sessionId}` }),
  sessionPrefix: 'SESSION#',
  /** E-mail addresses (lower-case) and usernames are unique: claim items written with the profile. */
  emailClaim: (emailLower: string) => ({ pk: `EMAIL#${emailLower}`, sk: 'EMAIL' }),
  mailSuppression: (emailLower: string) => ({ pk: `SUPPRESSED#${emailLower}`, sk: 'SUPPRESSED' }),
  usernameClaim: (username: string) => ({ pk: `USERNAME#${username}`, sk: 'USERNAME' }),
  /** A one-time sign-in link, by the SHA-256 of its token (the token itself is only in the e-mail). */
  signInLink: (tokenHash: string) => ({ pk: `SIGNIN#${tokenHash}`, sk: 'SIGNIN' }),
  /** A mailed link proving an e-mail address (verification, e-mail change), by the SHA-256 of its token. */
  emailProof: (tokenHash: string) => ({ pk: `EMAILPROOF#${tokenHash}`, sk: 'EMAILPROOF' }),
  /** An OAuth `state` in flight (Google sign-in, calendar connection), by the SHA-256 of the state value. */
  oauthState: (stateHash: string) => ({ pk: `OAUTHSTATE#${stateHash}`, sk: 'OAUTHSTATE' }),
  /** A Google account (`sub`) links to one account: claim item written with the link. */
  googleClaim: (subject: string) => ({ pk: `GOOGLE#${subject}`, sk: 'GOOGLE' }),
  /**
   * A counter over a window: sign-in attempts of an account, a client address or the pair; abuse limits
   * (`limit:{rule}:{subject}`); link mails per address.
   */
  throttle: (key: string) => ({ pk: `THROTTLE#${key}`, sk: 'THROTTLE' }),

  /** A host's bookings, by the UTC date of their start, then the start instant: one Query reads a time range. */
  hostPartition: (hostId: string) => `HOST#${hostId}`,
  booking: (hostId: string, day: string, start: string, id: string) => ({
    pk: `HOST#${hostId}`,
    sk: `DAY#${day}#B#${start}#${id}`,
  }),
  /** The version of one UTC day of a host's bookings; it sorts just before that day's bookings. */
  dayVersion: (hostId: string, day: string) => ({ pk: `HOST#${hostId}`, sk: `DAY#${day}` }),
  /** Every booking of the service by month of its start, for the admin view. */
  bookingIndex: (start: string, id: string) => ({ gsi1pk: `BOOKINGS#${start.slice(0, 7)}`, gsi1sk: `${start}#${id}` }),
  /** A one-time booking timer of the local scheduler (the cloud's are EventBridge Scheduler schedules). */
  timer: (name: string) => ({ pk: `TIMER#${name}`, sk: 'TIMER' }),
  /** Every local timer in one gsi1 partition, by when it is due: one Query reads those due by now. */
  timerIndex: (at: string, name: string) => ({ gsi1pk: 'TIMERS', gsi1sk: `${at}#${name}` }),

  /** Where a booking is, by its id alone (manage links, the console): hostId and start; expires 90 days after it. */
  bookingRef: (id: string) => ({ pk: `BOOKINGREF#${id}`, sk: 'BOOKINGREF' }),
  /**
   * Issue 31: one of a guest's request places with a host (a team event: with its publishing account), by the guest's
   * normalised e-mail; it names the request that took it last. In the host's partition, after every `DAY#` item.
   */
  pendingPlace: (ownerId: string, email: string, place: number) => ({
    pk: `HOST#${ownerId}`,
    sk: `PENDINGGUEST#${email}#${place}`,
  }),
  pendingPlacePrefix: (email: string) => `PENDINGGUEST#${email}#`,

  /**
   * Teams (issue 28). The team and its members and invitations share the team's partition (one Query reads them);
   * each membership is mirrored under the member (`USER#{id}` `TEAM#{teamId}`, after PROFILE, outside the host read's
   * range) in the same transaction, so "my teams" is one Query. Team slugs have their own claims.
   */
  teamPartition: (teamId: string) => `TEAM#${teamId}`,
  team: (teamId: string) => ({ pk: `TEAM#${teamId}`, sk: 'TEAM' }),
  teamSlug: (slug: string) => ({ pk: `TEAMSLUG#${slug}`, sk: 'TEAMSLUG' }),
  teamMember: (teamId: string, userId: string) => ({ pk: `TEAM#${teamId}`, sk: `MEMBER#${userId}` }),
  memberTeam: (userId: string, teamId: string) => ({ pk: `USER#${userId}`, sk: `TEAM#${teamId}` }),
  memberTeamPrefix: 'TEAM#',
  /** Issue 30: a host told that their Google Meet event types became video calls (its own partition, 7-day TTL). */
  locationFallback: (id: string) => ({ pk: `LOCFALLBACK#${id}`, sk: 'LOCFALLBACK' }),
  teamInvitation: (teamId: string, id: string) => ({ pk: `TEAM#${teamId}`, sk: `INVITE#${id}` }),
  /** Where an invitation is, by its id alone (the accept route names only the id): its teamId. */
  invitationRef: (id: string) => ({ pk: `INVITEREF#${id}`, sk: 'INVITEREF' }),
  /** Pending invitations of an address (lower case), newest last: gsi1pk INVITES#{email}. */
  invitationIndex: (emailLower: string, createdAt: string, id: string) => ({
    gsi1pk: `INVITES#${emailLower}`,
    gsi1sk: `${createdAt}#${id}`,
  }),
  /** A team's event types: gsi1pk TEAM#{teamId}#EVENTS (a personal one is under HOST#{userId}#EVENTS). */
  teamEventIndex: (teamId: string, id: number) => ({
    gsi1pk: `TEAM#${teamId}#EVENTS`,
    gsi1sk: `EVENT#${String(id).padStart(12, '0')}`,
  }),
  /**
   * Round-robin fairness: one counter per (event type, calendar month of booking (UTC), member): `count` and
   * `lastBookedAt`, bumped in the booking's transaction (and taken back by its cancellation), read by BatchGetItem.
   */
  roundRobinCount: (eventId: number, month: string, userId: string) => ({
    pk: `RRCOUNT#${eventId}#${month}`,
    sk: `MEMBER#${userId}`,
  }),

  idempotency: (key: string) => ({ pk: `IDEMPOTENCY#${key}`, sk: 'IDEMPOTENCY' }),

  /**
   * API keys (issue 29): a key's record in its host's partition (before CALENDAR, outside the host read's range), the
   * host's key count (the per-host maximum, kept in the same transactions), and the lookup by the key's SHA-256 that
   * authenticates a call with one GetItem.
   */
  apiKey: (hostId: string, id: string) => ({ pk: `USER#${hostId}`, sk: `APIKEY#${id}` }),
  apiKeyPrefix: 'APIKEY#',
  apiKeyCount: (hostId: string) => ({ pk: `USER#${hostId}`, sk: 'APIKEYS' }),
  apiKeyLookup: (keyHash: string) => ({ pk: `APIKEYHASH#${keyHash}`, sk: 'APIKEYHASH' }),

  /**
   * Webhooks (issue 29): an endpoint in its host's partition (after PROFILE, outside the host read's range), the
   * host's endpoint count (the per-host maximum, kept by the same transactions), and each endpoint's delivery log
   * (`{deliveryId}` a UUIDv7, so the log sorts by time). Account deletion, which empties the partition, takes them all.
   */
  webhook: (hostId: string, id: string) => ({ pk: `USER#${hostId}`, sk: `WEBHOOK#${id}` }),
  webhookPrefix: 'WEBHOOK#',
  webhookCount: (hostId: string) => ({ pk: `USER#${hostId}`, sk: 'WEBHOOKS' }),
  webhookDelivery: (hostId: string, webhookId: string, deliveryId: string) => ({
    pk: `USER#${hostId}`,
    sk: `WHLOG#${webhookId}#${deliveryId}`,
  }),
  webhookDeliveryPrefix: (webhookId: string) => `WHLOG#${webhookId}#`,
  /** A webhook message waiting on one machine (the cloud's wait in SQS), listed in gsi1 `WEBHOOKQUEUE` by due time. */
  webhookQueued: (name: string) => ({ pk: `WHQUEUE#${name}`, sk: 'WHQUEUE' }),
  webhookQueueIndex: (at: string, name: string) => ({ gsi1pk: 'WEBHOOKQUEUE', gsi1sk: `${at}#${name}` }),
  /** A booking mail waiting on one machine (issue 30: the cloud's wait in SQS), in gsi1 `MAILQUEUE` by due time. */
  mailQueued: (name: string) => ({ pk: `MAILQUEUE#${name}`, sk: 'MAILQUEUE' }),
  mailQueueIndex: (at: string, name: string) => ({ gsi1pk: 'MAILQUEUE', gsi1sk: `${at}#${name}` }),
  /** The booking mail tokens of one second of the clock (issue 30), expiring an hour later. */
  mailTokens: (epochSecond: number) => ({ pk: `MAILRATE#${epochSecond}`, sk: 'MAILRATE' }),
} as const;
