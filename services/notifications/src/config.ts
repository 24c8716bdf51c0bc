export interface NotificationsConfig {
  /** SMTP server for notification emails (nodemailer URL, e.g. smtp://user:pass@host:587); null: mail is off (it waits in the queue). */
  smtpUrl: string | null;
  /** From address of notification emails. */
  from: string;
  /** Where users open the portal (PUBLIC_URL, as the system service): emailed links are absolute. */
  publicUrl: string;
}

/** SMTP_URL (unset: no mail is sent) and MAIL_FROM, the same settings the system service's mail uses. */
export function notificationsConfigFromEnv(env: NodeJS.ProcessEnv): NotificationsConfig {
  return {
    smtpUrl: env.SMTP_URL || null,
    from: env.MAIL_FROM ?? 'Portal <no-reply@portal.local>',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 8080}`).replace(/\/+$/, ''),
  };
}
