import { expect } from 'vitest';

/**
 * A link mailed to `address` through the app's mail viewer (its store of every mail sent): `pick` finds it in the
 * texts of the mails to that address, oldest first. Asked again until it is there, for as long as the project's
 * expect.poll waits (mail leaves through the stream, a moment after the request that caused it).
 */
export async function mailedLink(
  mailViewer: string,
  address: string,
  pick: (texts: string[]) => string | undefined,
  missing: string,
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const { emails } = (await (await fetch(`${mailViewer}/store`)).json()) as {
          emails: { destination: { to: string[] }; body: { text?: string } }[];
        };
        const texts = emails
          .filter((mail) => mail.destination.to.includes(address))
          .map((mail) => mail.body.text ?? '');
        return (link = pick(texts));
      },
      { message: missing },
    )
    .toBeTruthy();
  return link!;
}
