import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from './config/config';
import { AccountDataRegistryModule } from './common/account/account-data-registry';
import { ActivityRegistryModule } from './common/activity/activity-registry';
import { CacheModule } from './common/cache/cache.module';
import { ConfigModule } from './config/config.module';
import { ContentModule } from './common/content/content-registry';
import { MetricsModule } from './common/metrics/metrics.module';
import { QueueModule } from './common/queue/queue.module';
import { RateLimitModule } from './common/rate-limit/rate-limit.module';
import { SitemapRegistryModule } from './common/sitemap/sitemap-registry';
import type { DatabaseHandle } from './db/database';
import { DatabaseModule } from './db/database.module';
import { AccountModule } from './modules/account/account.module';
import { ActivityModule } from './modules/activity/activity.module';
import { AuditModule } from './modules/audit/audit.module';
import { AuthModule } from './modules/auth/auth.module';
import { DirectoryModule } from './modules/directory/directory.module';
import { CommentsModule } from './modules/comments/comments.module';
import { ContactModule } from './modules/contact/contact.module';
import { DemoModule } from './modules/demo/demo.module';
import { EventsModule } from './modules/events/events.module';
import { HealthModule } from './modules/health/health.module';
import { MailModule } from './modules/mail/mail.module';
import { OidcModule } from './modules/oidc/oidc.module';
import { MediaModule } from './modules/media/media.module';
import { MetricsEndpointModule } from './modules/metrics/metrics.module';
import { NewsModule } from './modules/news/news.module';
import { NotificationsModule } from './modules/notifications/notifications.module';
import { PaymentsModule } from './modules/payments/payments.module';
import { ReactionsModule } from './modules/reactions/reactions.module';
import { RetentionModule } from './modules/retention/retention.module';
import { StatsModule } from './modules/stats/stats.module';
import { SystemModule } from './modules/system/system.module';
import { TeamModule } from './modules/team/team.module';
import { TutorialsModule } from './modules/tutorials/tutorials.module';
import { UsersModule } from './modules/users/users.module';
import { ViewsModule } from './modules/views/views.module';

/** The whole API: infrastructure first, then one module per feature. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, database: DatabaseHandle): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule.forRoot(database),
        MetricsModule,
        QueueModule,
        CacheModule,
        ContentModule,
        SitemapRegistryModule,
        StatsModule,
        ActivityRegistryModule,
        AccountDataRegistryModule,
        AuditModule,
        MailModule,
        AuthModule,
        OidcModule,
        RateLimitModule,
        UsersModule,
        HealthModule,
        MetricsEndpointModule,
        DemoModule,
        MediaModule,
        SystemModule,
        EventsModule,
        PaymentsModule,
        ReactionsModule,
        ViewsModule,
        CommentsModule,
        NewsModule,
        DirectoryModule,
        ContactModule,
        ActivityModule,
        TutorialsModule,
        TeamModule,
        AccountModule,
        NotificationsModule,
        RetentionModule,
      ],
    };
  }
}
