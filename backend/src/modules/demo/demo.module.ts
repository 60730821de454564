import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { DemoService } from './demo.service';

@Module({ imports: [UsersModule], providers: [DemoService] })
export class DemoModule {}
