/**
 * Every key the table holds is built here, so the layout in README.md beside this file has one home in code.
 */
export const keys = {
  contactMessage: (id: string) => ({ pk: `CONTACT#${id}`, sk: 'CONTACT' }),
  /** Contact messages listed newest first: gsi1pk CONTACT, gsi1sk = createdAt#id. */
  contactMessageIndex: (createdAt: string, id: string) => ({ gsi1pk: 'CONTACT', gsi1sk: `${createdAt}#${id}` }),
  settings: () => ({ pk: 'SETTINGS', sk: 'GLOBAL' }),
} as const;
