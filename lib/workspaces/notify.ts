import { mailLinkBase } from "../auth/email-verification";
import { sendMail } from "../mail";

/**
 * The mails of a workspace's life, sent where Stripe sends them: a transfer to both parties, a
 * deletion to every member, a removal or a departure to the person. Each is a notice after the
 * change is committed: a mail that cannot be sent is logged (lib/mail) and never undoes the change.
 */
const signature = () => {
  const base = mailLinkBase();
  return base ? ["", `Dashboard: ${base}/dashboard`] : [];
};

const send = (to: string, subject: string, lines: string[]) =>
  sendMail({ to, subject, text: [...lines, ...signature()].join("\n") });

export async function mailTransfer(p: { workspace: string; from: string; to: string }): Promise<void> {
  await Promise.all([
    send(p.to, `You are now the owner of ${p.workspace} on Statline`, [
      `${p.from} made you the owner of the workspace "${p.workspace}" on Statline.`,
      "",
      "As owner you can rename, transfer and delete the workspace, and manage every member and key.",
    ]),
    send(p.from, `You transferred ${p.workspace} to ${p.to}`, [
      `You made ${p.to} the owner of the workspace "${p.workspace}" on Statline. You are now an admin of it.`,
      "",
      "If you did not do this, change your password and contact the new owner.",
    ]),
  ]);
}

export async function mailDeleted(p: { workspace: string; by: string; members: string[] }): Promise<void> {
  await Promise.all(
    p.members.map((to) =>
      send(to, `${p.workspace} was deleted on Statline`, [
        `${p.by} deleted the workspace "${p.workspace}" on Statline.`,
        "",
        "Its API keys were revoked, its webhooks stopped and its members removed. Your other workspaces are unchanged.",
      ]),
    ),
  );
}

export async function mailRemoved(p: { workspace: string; person: string; by: string | null }) {
  await send(
    p.person,
    p.by ? `You were removed from ${p.workspace} on Statline` : `You left ${p.workspace} on Statline`,
    p.by
      ? [
          `${p.by} removed you from the workspace "${p.workspace}" on Statline.`,
          "",
          "You can no longer see its keys, usage or logs. Your other workspaces are unchanged.",
        ]
      : [
          `You left the workspace "${p.workspace}" on Statline.`,
          "",
          "To come back, ask one of its admins to invite you again.",
        ],
  );
}
