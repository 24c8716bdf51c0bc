import type { Pool } from 'pg';
import { systemResources } from '@portal/contracts';
import { createServiceApp, queueMail, type EventBus } from '@portal/service-kit';
import type { SystemConfig } from './config';
import { authService } from './auth/service';
import { authRoutes } from './auth/routes';
import { oidcRoutes } from './auth/oidc';
import { activityLogRoutes } from './routes/activity-log';
import { systemAdminRoutes } from './routes/system-admin';
import { approvalDirectoryRoutes } from './approval/directory';
import { delegationRoutes } from './approval/delegation';
import { leaveDelegations } from './approval/leave-delegation';
import { opaqueToken, sha256 } from './auth/tokens';

export const SYSTEM_MIGRATIONS = `${__dirname}/../migrations`;

export async function createSystemApp(deps: { pool: Pool; bus: EventBus; internalKey: string; config: SystemConfig }) {
  const cfg = deps.config;
  let auth!: ReturnType<typeof authService>;
  const created = await createServiceApp({
    domain: 'system', resources: systemResources, pool: deps.pool, bus: deps.bus, internalKey: deps.internalKey, mail: cfg.mail,
    hooks: {
      user: {
        // A new account gets an email with a link to choose its password (the admin never needs to know it).
        afterWrite: async (verb, row, _ctx, tx) => {
          if (verb !== 'created') return;
          const token = opaqueToken();
          await tx.query(`INSERT INTO password_reset (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '7 days')`, [sha256(token), row.id]);
          const link = `${cfg.publicUrl}/set-new-password?token=${token}`;
          await queueMail(tx, {
            to: String(row.email),
            subject: 'Tài khoản Portal / Your Portal account',
            text: `Xin chào ${row.full_name},\nTài khoản "${row.username}" đã được tạo cho bạn. Đặt mật khẩu tại (hiệu lực 7 ngày):\n${link}\n\nHello ${row.full_name},\nThe account "${row.username}" was created for you. Choose your password here (valid for 7 days):\n${link}`,
          });
        },
      },
    },
  }, async (app, kit) => {
    auth = authService(deps.pool, cfg, kit.codec);
    authRoutes(app, kit, auth, cfg);
    oidcRoutes(app, kit, auth, cfg);
    systemAdminRoutes(app, kit, auth);
    approvalDirectoryRoutes(app, deps.pool, kit.codec, cfg.hrUrl);
    delegationRoutes(app, deps.pool);
    await activityLogRoutes(app, kit);
    await leaveDelegations(kit);
  });
  return { ...created, auth };
}
