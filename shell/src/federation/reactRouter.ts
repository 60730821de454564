// The part of React Router the front ends use, shared as the one `react-router` instance: a
// shared module is otherwise built whole (server helpers included, 53 KB sent). A front end that
// needs another export adds it here; sharedEntries.test.ts checks every import is here.
export {
  BrowserRouter,
  Link,
  matchRoutes,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
