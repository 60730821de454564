import { remoteComponent } from './remoteComponent';

export const PortalRemote = remoteComponent(() => import('portal/App'));
export const AdminConsoleRemote = remoteComponent(() => import('admin_console/App'));
