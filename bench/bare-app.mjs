#!/usr/bin/env node
// The ceiling the API rows are measured against: NestJS 11 on Fastify, one route returning constant
// JSON, no guards, pipes, hooks or database. Bench-only (the product API has no such route).
// Usage: PORT=4300 node bench/bare-app.mjs
import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';

class BareController {
  hello() {
    return { hello: 'world' };
  }
}
// Plain JavaScript has no decorator syntax; Reflect.decorate applies them the way tsc would.
Reflect.decorate(
  [Get()],
  BareController.prototype,
  'hello',
  Object.getOwnPropertyDescriptor(BareController.prototype, 'hello'),
);
const Bare = Reflect.decorate([Controller('bare')], BareController);

class BareModule {}
const AppModule = Reflect.decorate([Module({ controllers: [Bare] })], BareModule);

const app = await NestFactory.create(AppModule, new FastifyAdapter(), { logger: false });
await app.listen(Number(process.env.PORT ?? 4300), '127.0.0.1');
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
