export interface NotificationsConfig {
  /** SMTP server for notification emails (nodemailer URL, e.g. smtp://user:pass@host:587). */
  smtpUrl: string;
  /** From address of notification emails. */
  from: string;
  /** Where users open the portal (PUBLIC_URL, as the system service): emailed links are absolute. */
  publicUrl: string;
}

/** SMTP_URL (default smtp://127.0.0.1:1025) and MAIL_FROM, the same settings the system service's mail uses. */
export function notificationsConfigFromEnv(env: NodeJS.ProcessEnv): NotificationsConfig {
  return {
    smtpUrl: env.SMTP_URL ?? 'smtp://127.0.0.1:1025', from: env.MAIL_FROM ?? 'Portal <no-reply@portal.local>',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 8080}`).replace(/\/+$/, ''),
  };
}
