import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { ContactController } from './contact.controller';
import { ContactRepository } from './contact.repository';
import { ContactService } from './contact.service';

@Module({
  imports: [UsersModule],
  controllers: [ContactController],
  providers: [ContactRepository, ContactService],
})
export class ContactModule {}
