// Front-end test helpers shared by the portal and the admin console: the stand-in API (MSW) and
// one factory per entity. Test code only: no screen imports this package.
export {
  answer,
  apiError,
  apiServer,
  bodiesSent,
  http,
  HttpResponse,
  json,
  pageOf,
  recordRequests,
  startApiServer,
} from './server';
export * from './factories';
export { signIn } from './session';
export { followFocusFixup } from './focus';
