import { Global, Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { DemoService } from './demo.service';

/** Global so that every feature can register its demo seeder. */
@Global()
@Module({ imports: [UsersModule], providers: [DemoService], exports: [DemoService] })
export class DemoModule {}
